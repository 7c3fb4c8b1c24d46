// A real server failure for one test's records: a trigger on the e2e server's SQLite database aborts a write
// to one table for the rows whose column holds this test's value, so the real server answers 500 to exactly
// these requests and to nobody else's (the other tests run beside it). The one kind of write a browser test
// makes to that database besides the product's own; the returned function removes the trigger, and the same
// requests then succeed again.
import { randomBytes } from 'node:crypto';
import { createDb, type Db } from '../../api/src/db/knex';
import { E2E_DB } from '../../playwright.config';

export type WriteKind = 'insert' | 'update' | 'delete';

let db: Db | undefined;

/** Makes every `kind` of write to `table` whose row has `column` = `value` fail until the returned function is called. */
export async function failWritesOf(table: string, kind: WriteKind, column: string, value: string): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(column)) throw new Error(`not a plain name: ${table}.${column}`);
  db ??= createDb(E2E_DB);
  const trigger = `fail_${table}_${kind}_${randomBytes(4).toString('hex')}`;
  // The row as it is written (insert) or as it was (update, delete).
  const row = kind === 'insert' ? 'new' : 'old';
  // SQLite takes no bound parameters in a trigger's definition: the value goes in as a quoted literal.
  const literal = `'${value.replace(/'/g, "''")}'`;
  await db.raw(`create trigger ${trigger} before ${kind} on ${table} when ${row}.${column} = ${literal} begin select raise(abort, 'injected fault'); end`);
  return async () => void (await db!.raw(`drop trigger if exists ${trigger}`));
}

export async function closeWriteFaultsDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}
