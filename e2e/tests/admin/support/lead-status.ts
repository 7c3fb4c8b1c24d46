// Lead statuses change only through the CRM sync, which has no HTTP route of its own. Tests move a lead with
// the very function that sync calls (changeLead), on the e2e server's database, so the rollups behind the
// stats move with it exactly as they will in production.
import { createDb, type Db } from '../../../../api/src/db/knex';
import { changeLead } from '../../../../api/src/modules/leads/leads-queries';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

export async function moveLeadTo(id: number, status: string): Promise<void> {
  db ??= createDb(E2E_DB);
  const move = db;
  // changeLead reads the row, then writes it. Here, beside the server's own connection, SQLite refuses the
  // write at once (SQLITE_BUSY, no busy wait) when the server wrote in between: the move is tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      const moved = await move.transaction((trx) => changeLead(trx, id, { status }, new Date().toISOString()));
      if (!moved) throw new Error(`Lead ${id} not found`);
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
