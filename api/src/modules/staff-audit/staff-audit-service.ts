// What staff (and the system, on their behalf) did to accounts, sessions and people's data. Every caller writes
// its line inside the transaction of the change it records, so the log never claims a change that rolled back
// and no change commits without its line.
import type { CurrentUser, StaffAuditAction, StaffAuditEntry } from '../../contract';
import type { Db } from '../../db/knex';
import { nowIso } from '../../db/types';
import { insertStaffAudit, listStaffAudit, type StaffAuditFilter } from './staff-audit-queries';

export interface StaffAuditLine {
  /** Who acted; null for the system (a retention run, the command line). */
  actor: Pick<CurrentUser, 'id' | 'name'> | null;
  action: StaffAuditAction;
  subject: string | null;
  details: Record<string, unknown>;
}

/** Adds one line to the log, in transaction `trx` (the one that makes the change). */
export async function recordStaffAction(trx: Db, clock: () => Date, line: StaffAuditLine): Promise<void> {
  await insertStaffAudit(trx, {
    actorUserId: line.actor?.id ?? null,
    actorName: line.actor?.name ?? null,
    action: line.action,
    subject: line.subject,
    details: line.details,
    createdAt: nowIso(clock),
  });
}

export function listStaffActions(db: Db, filter: StaffAuditFilter): Promise<StaffAuditEntry[]> {
  return listStaffAudit(db, filter);
}
