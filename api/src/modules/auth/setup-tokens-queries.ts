// One-time first-run setup links. Only a SHA-256 of each token is stored: the link itself exists only in the
// server's start-up output.
import { lockKeysForTransaction } from '../../db/dialect';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';

export interface SetupTokenRow {
  createdAt: string;
  usedAt: string | null;
}

export async function insertSetupToken(db: Db, tokenHash: string, nowIso: string): Promise<void> {
  await db('setup_tokens').insert({ token_hash: tokenHash, created_at: nowIso });
}

export async function findSetupToken(db: Db, tokenHash: string): Promise<SetupTokenRow | undefined> {
  const row = await db('setup_tokens').where({ token_hash: tokenHash }).first('created_at', 'used_at');
  return row ? { createdAt: toIso(row.created_at), usedAt: row.used_at == null ? null : String(row.used_at) } : undefined;
}

/**
 * Marks this token used; false when it was already used, expired (made at or before `notBeforeIso`) or never
 * existed, which also settles a race.
 */
export async function claimSetupToken(db: Db, tokenHash: string, nowIso: string, notBeforeIso: string): Promise<boolean> {
  const n = await db('setup_tokens')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .andWhere('created_at', '>', notBeforeIso)
    .update({ used_at: nowIso });
  return n === 1;
}

/** Ends every other printed link too: setup happens once. */
export async function retireSetupTokens(db: Db, nowIso: string): Promise<void> {
  await db('setup_tokens').whereNull('used_at').update({ used_at: nowIso });
}

// Any constant works: it names the one PostgreSQL advisory lock that using a setup link takes.
const SETUP_TOKENS_LOCK = 0x7365_7475n;

/**
 * Makes the rest of `trx` the only transaction using a setup link. Each use marks its own link and then every
 * other one used: without a lock first, two uses at once on PostgreSQL would each hold their own row and wait
 * for the other's, a deadlock (500). Taken first, this lock makes the second wait for the first's commit. SQLite: nothing to do,
 * its transactions already begin with the database's one write lock.
 */
export async function lockSetupTokens(trx: Db): Promise<void> {
  await lockKeysForTransaction(trx, [SETUP_TOKENS_LOCK]);
}
