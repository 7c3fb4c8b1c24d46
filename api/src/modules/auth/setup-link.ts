// First run: while no account exists, every start prints a one-time link that lets the first visitor create the
// first admin. Every printed link works, for one hour, until one of them is used or user:add creates an account:
// several processes started together on one empty database each print their own, and whichever one the
// newcomer opens must work. A link copied from an old terminal or log is worth nothing after its hour.
import crypto from 'node:crypto';
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { insertSetupToken } from './setup-tokens-queries';
import { countUsers } from './users-queries';

export const hashSetupToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export const SETUP_LINK_TTL_MS = 60 * 60 * 1000;

/** Creates a token and returns it; only its hash is stored. */
export async function createSetupToken({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await insertSetupToken(db, hashSetupToken(token), nowIso(clock));
  return token;
}

export async function announceSetupLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  baseUrl: string,
  print: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<string | null> {
  if ((await countUsers(deps.db)) > 0) return null;
  const token = await createSetupToken(deps);
  const url = `${baseUrl.replace(/\/+$/, '')}/setup?token=${token}`;
  // Plain stdout rather than the JSON logger: this is the one line a newcomer must be able to read and click.
  print(`First run: create the first admin account at ${url} (valid for 1 hour; restart the server for a new link)`);
  return url;
}
