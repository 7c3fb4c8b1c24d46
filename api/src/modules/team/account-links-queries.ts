// One-time invite and password-reset links. Only a SHA-256 of each token is stored: the link itself is shown once,
// to the admin who made it. Used and replaced links stay (marked) so that opening one says why it stopped working.
import type { AccountLinkKind } from '../../contract';
import type { Db } from '../../db/knex';
import { toIso } from '../../db/types';

export interface AccountLinkRow {
  userId: number;
  kind: AccountLinkKind;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  replacedAt: string | null;
}

function linkFromRow(row: Record<string, unknown>): AccountLinkRow {
  return {
    userId: Number(row.user_id),
    kind: row.kind as AccountLinkKind,
    createdAt: toIso(row.created_at),
    expiresAt: toIso(row.expires_at),
    usedAt: row.used_at == null ? null : toIso(row.used_at),
    replacedAt: row.replaced_at == null ? null : toIso(row.replaced_at),
  };
}

/** Marks every link of the account not yet used as replaced: whatever link they held stops working. */
export async function retireLinksOf(db: Db, userId: number, nowIso: string): Promise<void> {
  await db('account_links').where({ user_id: userId }).whereNull('used_at').whereNull('replaced_at').update({ replaced_at: nowIso });
}

/** Stores a new link for the account after retiring its older ones: only the newest link works. */
export async function insertAccountLink(
  db: Db,
  link: { tokenHash: string; userId: number; kind: AccountLinkKind; createdAt: string; expiresAt: string },
): Promise<void> {
  await retireLinksOf(db, link.userId, link.createdAt);
  await db('account_links').insert({
    token_hash: link.tokenHash,
    user_id: link.userId,
    kind: link.kind,
    created_at: link.createdAt,
    expires_at: link.expiresAt,
  });
}

export async function findAccountLink(db: Db, tokenHash: string): Promise<AccountLinkRow | undefined> {
  const row = await db('account_links').where({ token_hash: tokenHash }).first();
  return row ? linkFromRow(row) : undefined;
}

/**
 * Marks the link used; false when it was already used, replaced or expired by now, which also settles two
 * people racing with the same link.
 */
export async function claimAccountLink(db: Db, tokenHash: string, nowIso: string): Promise<boolean> {
  const n = await db('account_links')
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .whereNull('replaced_at')
    .andWhere('expires_at', '>', nowIso)
    .update({ used_at: nowIso });
  return n === 1;
}

/** The link each account still waits on (not used, not replaced; perhaps expired), by account id. */
export async function pendingLinksByUser(db: Db): Promise<Map<number, AccountLinkRow>> {
  const rows = await db('account_links').whereNull('used_at').whereNull('replaced_at');
  return new Map(rows.map((r) => [Number(r.user_id), linkFromRow(r)]));
}
