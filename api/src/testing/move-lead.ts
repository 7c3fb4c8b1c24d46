// Lead statuses change only through the CRM sync, which has no HTTP route of its own. Tests move a lead with
// the very function the sync calls, so its roll-up count moves exactly as it does in production.
import type { Lead } from '../contract';
import type { Db } from '../db/knex';
import { changeLead } from '../modules/leads';

export async function moveLeadTo(db: Db, id: number, status: string, now = new Date()): Promise<Lead> {
  const moved = await db.transaction((trx) => changeLead(trx, id, { status }, now.toISOString()));
  if (!moved) throw new Error(`Lead ${id} not found`);
  return moved;
}
