// Password hashing with scrypt from node:crypto at OWASP's recommended cost (N=2^17, r=8, p=1; the setting
// PASSWORD_HASH_COST is log2 N). Hashes are self-describing (`scrypt$N$r$p$salt$hash`), so a later change of
// cost still verifies old hashes and `needsRehash` tells the caller to upgrade them on the next sign-in.
import crypto from 'node:crypto';
import { AppError } from '../../http/errors';
import { Turns } from '../../lib/turns';

export const DEFAULT_HASH_COST = 17;
const PARAMS = { N: 2 ** DEFAULT_HASH_COST, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

// scrypt needs 128·N·r bytes (128 MiB here); Node's default ceiling is 32 MiB, so it is raised with headroom.
const maxmemFor = ({ N, r, p }: ScryptParams) => 128 * N * r * p * 2;

// Every hash of the process (sign-in, first-run setup, invites, resets) holds 128 MiB and a libuv worker thread for
// about 0.3 s, so they take turns: LOGIN_MAX_CONCURRENT_HASHES at once, set when the app is built (a command such
// as npm run user:add hashes once and keeps the default). Sign-in, the open door, also bounds how many may wait:
// beyond that it is told to come back in a moment (503 with Retry-After), so a flood of sign-ins cannot pile up
// memory or delay every other request that needs a worker thread (file reads, DNS).
const DEFAULT_CONCURRENT_HASHES = 2;
const hashGate = new Turns(DEFAULT_CONCURRENT_HASHES);

export const SIGN_IN_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

/** The 503 a sign-in gets when too many already wait for a hash. */
export const signInsBusy = () => new AppError('unavailable', SIGN_IN_BUSY_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });

/**
 * The process's hashing settings, from its config: how many hashes run at once (LOGIN_MAX_CONCURRENT_HASHES) and
 * the cost of new hashes (PASSWORD_HASH_COST, log2 N). Set when the app is built and by commands that hash.
 */
export function configureHashing(settings: { maxConcurrentHashes?: number; hashCost?: number }): void {
  if (settings.maxConcurrentHashes !== undefined) hashGate.resize(settings.maxConcurrentHashes);
  if (settings.hashCost !== undefined && PARAMS.N !== 2 ** settings.hashCost) {
    PARAMS.N = 2 ** settings.hashCost;
    dummyHash = undefined;
  }
}

/** True when a sign-in allowed `maxQueued` waiting hashes would be refused now. */
export function hashesFull(maxQueued: number): boolean {
  return hashGate.isFull(maxQueued);
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number, maxQueued?: number): Promise<Buffer> {
  return hashGate.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        crypto.scrypt(password.normalize('NFC'), salt, keyLength, { ...params, maxmem: maxmemFor(params) }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
    maxQueued === undefined ? undefined : { maxWaiting: maxQueued, whenFull: signInsBusy },
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Only sane parameters are ever run: a corrupted row must not make the server allocate gigabytes.
  const sane = Number.isInteger(Math.log2(N)) && N >= 2 ** 10 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (!sane || salt.length < 8 || key.length < 32) return null;
  return { N, r, p, salt, key };
}

/**
 * True when `password` matches `stored`; compares in constant time. With `maxQueued`, throws 503 at once when that
 * many hashes already wait for the gate (sign-in).
 */
export async function verifyPassword(password: string, stored: string, maxQueued?: number): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length, maxQueued);
  return crypto.timingSafeEqual(key, parsed.key);
}

/** A hash made with other parameters than today's: worth replacing once the password is known again. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.N !== PARAMS.N || parsed.r !== PARAMS.r || parsed.p !== PARAMS.p || parsed.key.length !== KEY_LENGTH;
}

// A real hash of a random secret, made once: sign-ins for unknown e-mails verify against it, so they spend
// the same time as sign-ins for real accounts and the answer time does not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;

/** Makes the stand-in hash ahead of the first sign-in (called when the routes are built). */
export function prepareDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  return dummyHash;
}

export async function spendVerifyTime(password: string, maxQueued?: number): Promise<false> {
  await verifyPassword(password, await prepareDummyHash(), maxQueued);
  return false;
}
