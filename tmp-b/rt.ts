import { createDb } from '../api/src/db/knex';
const db = createDb(process.env.URL ?? '/tmp/b-rt.sqlite');
await db.raw('select 1');
for (const label of ['knex select 1']) {
  const t = performance.now();
  for (let i = 0; i < 1000; i++) await db.raw('select 1');
  console.log(label, ((performance.now() - t) / 1000).toFixed(3), 'ms/stmt');
}
const conn: any = await (db.client as any).acquireConnection();
const t = performance.now();
for (let i = 0; i < 1000; i++) await new Promise((r, j) => conn.all('select 1', (e: unknown, rows: unknown) => (e ? j(e) : r(rows))));
console.log('raw sqlite3 select 1', ((performance.now() - t) / 1000).toFixed(3), 'ms/stmt');
(db.client as any).releaseConnection(conn);
await db.destroy();
