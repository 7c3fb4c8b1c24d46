// Lead statuses change only through the CRM sync, which has no HTTP route (spec §4 shows no rules for it).
// Tests move a lead with the very service that sync calls, on the e2e server's database, so the rollups
// behind the stats move with it exactly as they will in production.
import { createDb, type Db } from '../../../../api/src/db/knex';
import { createLogger } from '../../../../api/src/logger';
import { setLeadStatus } from '../../../../api/src/modules/leads/leads-service';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

export async function moveLeadTo(id: number, status: string): Promise<void> {
  db ??= createDb(E2E_DB);
  await setLeadStatus({ db, clock: () => new Date(), logger: createLogger('silent') }, id, status);
}

export async function closeLeadStatusDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}
