// Lead statuses change only through the CRM sync, which has no HTTP route of its own. Tests move a lead with
// the very function that sync calls (changeLead), on the e2e server's database, so the rollups behind the
// stats move with it exactly as they will in production.
import { createDb, type Db } from '../../../../api/src/db/knex';
import type { Knex } from 'knex';
import { changeLead } from '../../../../api/src/modules/leads/leads-queries';
import { markOverdue } from '../../../../api/src/modules/lead-work/lead-work-queries';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

export async function moveLeadTo(id: number, status: string): Promise<void> {
  await inTurn(async (trx) => {
    if (!(await changeLead(trx, id, { status }, new Date().toISOString()))) throw new Error(`Lead ${id} not found`);
  });
}

/**
 * Marks a lead overdue with the very statement the overdue sweep runs (the sweep itself waits for the admins'
 * setting, a minute at least, and runs every 30 s: too slow for a browser test; it is tested in lead-work.test).
 */
export async function markLeadOverdue(id: number): Promise<void> {
  await inTurn(async (trx) => {
    if (!(await markOverdue(trx, id, new Date().toISOString()))) throw new Error(`Lead ${id} could not be marked overdue`);
  });
}

/**
 * A write beside the server's own connection: SQLite refuses it at once (SQLITE_BUSY, no busy wait) when the
 * server wrote in between a read and the write, so it is tried again.
 */
async function inTurn(write: (trx: Knex.Transaction) => Promise<void>): Promise<void> {
  db ??= createDb(E2E_DB);
  const writer = db;
  for (let attempt = 1; ; attempt++) {
    try {
      await writer.transaction(write);
      return;
    } catch (err) {
      if (attempt >= 10 || (err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
      await new Promise((retry) => setTimeout(retry, 20 * attempt));
    }
  }
}

export async function closeLeadStatusDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}
