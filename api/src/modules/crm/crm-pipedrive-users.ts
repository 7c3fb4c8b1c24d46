// Which Pipedrive user a staff account is: the active Pipedrive user with the same e-mail (as every "same address"
// rule compares it), looked up once and remembered in crm_pipedrive_users, so a busy desk costs Pipedrive one
// users call per staff member, not one per change. A match is kept for as long as the account's address stays
// the same (another address is looked up again). "No such user" is kept for a day only: the usual reason is that
// the person has not been invited to Pipedrive yet, and once they are, their next lead should follow them there.
import type { Knex } from 'knex';
import { toIso } from '../../db/types';
import { normaliseEmail } from '../../contract';
import { findUserById } from '../auth';
import type { PipedriveClient } from './pipedrive-client';

/** How long "Pipedrive has no user with this address" is believed before asking again. */
export const NO_PIPEDRIVE_USER_TTL_MS = 24 * 60 * 60 * 1000;

/** The Pipedrive user id of this staff account, or null when Pipedrive has none with its address (or it is gone). */
export async function pipedriveUserOf(ctx: { db: Knex; client: PipedriveClient; clock: () => Date }, userId: number): Promise<number | null> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return null;
  const emailKey = normaliseEmail(user.email);
  const now = ctx.clock();
  const known = await ctx.db('crm_pipedrive_users').where({ user_id: userId }).first();
  if (known && known.email_key === emailKey) {
    if (known.pipedrive_user_id != null) return Number(known.pipedrive_user_id);
    if (now.getTime() - Date.parse(toIso(known.looked_up_at)) < NO_PIPEDRIVE_USER_TTL_MS) return null;
  }
  // Two jobs of one staff member at once (two leads given to them in a row) wait for the same call.
  const underWay = lookupsUnderWay.get(ctx.client) ?? lookupsUnderWay.set(ctx.client, new Map()).get(ctx.client)!;
  const key = `${userId}\u0000${emailKey}`;
  const already = underWay.get(key);
  if (already) return already;
  const lookup = (async () => {
    const found = await ctx.client.findUserByEmail(user.email);
    await ctx.db('crm_pipedrive_users')
      .insert({ user_id: userId, email_key: emailKey, pipedrive_user_id: found === null ? null : String(found), looked_up_at: now.toISOString() })
      .onConflict('user_id')
      .merge(['email_key', 'pipedrive_user_id', 'looked_up_at']);
    return found;
  })();
  underWay.set(key, lookup);
  try {
    return await lookup;
  } finally {
    underWay.delete(key);
  }
}

/** The look-ups this process has asked Pipedrive for and not yet heard back from, per client, by account and address. */
const lookupsUnderWay = new WeakMap<PipedriveClient, Map<string, Promise<number | null>>>();
