// Lead statuses change only through the CRM sync, which has no HTTP route of its own. Tests move a lead with
// the very function that sync calls (changeLead), on the e2e server's database, so the rollups behind the
// stats move with it exactly as they will in production.
import { createDb, type Db } from '../../../../api/src/db/knex';
import { changeLead } from '../../../../api/src/modules/leads/leads-queries';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

export async function moveLeadTo(id: number, status: string): Promise<void> {
  db ??= createDb(E2E_DB);
  const moved = await db.transaction((trx) => changeLead(trx, id, { status }, new Date().toISOString()));
  if (!moved) throw new Error(`Lead ${id} not found`);
}

export async function closeLeadStatusDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}
