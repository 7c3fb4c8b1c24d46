// The staff audit log's rows. Append-only: the table's triggers refuse updates and deletes on both engines,
// so this file has no way to change a row, only to add and to read.
import type { StaffAuditAction, StaffAuditEntry } from '../../contract';
import type { Db } from '../../db/knex';
import { parseJson, toIso } from '../../db/types';

export interface NewStaffAuditRow {
  actorUserId: number | null;
  actorName: string | null;
  action: StaffAuditAction;
  subject: string | null;
  details: Record<string, unknown>;
  createdAt: string;
}

export async function insertStaffAudit(db: Db, row: NewStaffAuditRow): Promise<void> {
  await db('staff_audit').insert({
    actor_user_id: row.actorUserId,
    actor_name: row.actorName,
    action: row.action,
    subject: row.subject,
    details: JSON.stringify(row.details),
    created_at: row.createdAt,
  });
}

export interface StaffAuditFilter {
  /** Only these actions (any when empty). */
  actions?: readonly StaffAuditAction[];
  actorUserId?: number;
  /** Only lines about this subject (`person:<hash>` finds a person's earlier erasures). */
  subject?: string;
  /** Rows with an id below this one: the next page. */
  before?: number;
  limit: number;
}

export async function listStaffAudit(db: Db, filter: StaffAuditFilter): Promise<StaffAuditEntry[]> {
  const query = db('staff_audit').select('*');
  if (filter.actions?.length) query.whereIn('action', filter.actions);
  if (filter.actorUserId != null) query.where('actor_user_id', filter.actorUserId);
  if (filter.subject != null) query.where('subject', filter.subject);
  if (filter.before != null) query.where('id', '<', filter.before);
  const rows = await query
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(filter.limit);
  return rows.map(staffAuditFromRow);
}

function staffAuditFromRow(row: Record<string, unknown>): StaffAuditEntry {
  return {
    id: Number(row.id),
    actorUserId: row.actor_user_id == null ? null : Number(row.actor_user_id),
    actorName: (row.actor_name as string | null) ?? null,
    action: row.action as StaffAuditAction,
    subject: (row.subject as string | null) ?? null,
    details: parseJson<Record<string, unknown>>(row.details, {}),
    createdAt: toIso(row.created_at),
  };
}
