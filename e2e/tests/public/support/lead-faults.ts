// A real server failure for one test's leads: a trigger on the e2e server's SQLite database aborts the insert of
// any lead with this e-mail address, so the real server answers 500 to exactly these submissions and to nobody
// else's. The one write a browser test makes to that database besides the product's own; the returned function
// removes it (the server then stores the same submissions again).
import { createDb, type Db } from '../../../../api/src/db/knex';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

export async function failLeadInsertsOf(email: string): Promise<() => Promise<void>> {
  db ??= createDb(E2E_DB);
  const trigger = `fail_${email.replace(/[^a-z0-9]/gi, '_')}`;
  // SQLite takes no bound parameters in a trigger's definition: the address goes in as a quoted literal.
  const literal = `'${email.replace(/'/g, "''")}'`;
  await db.raw(`create trigger ${trigger} before insert on leads when new.email = ${literal} begin select raise(abort, 'injected fault'); end`);
  return async () => void (await db!.raw(`drop trigger if exists ${trigger}`));
}

export async function closeLeadFaultsDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}
