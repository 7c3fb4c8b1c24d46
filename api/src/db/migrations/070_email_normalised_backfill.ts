import type { Knex } from 'knex';
import { isPostgres } from '../engine';

// Fills `email_normalised` (069) for the leads and sample requests stored before it, marks the event twins 069
// describes, and re-keys the Pipedrive persons the CRM sync remembers by address (`crm_known_ids`) to the same
// form.
//
// The form is made in JavaScript, as every insert makes it from now on: trimmed, NFC, lower-cased
// (normaliseEmail, api/src/contract/fields.ts, copied here because a migration must not change when the code
// does). Only an address made of printable ASCII characters other than the space is done in SQL, where the
// result is provably the same: NFC leaves ASCII alone, JavaScript lower-cases exactly A-Z in it, and so do
// SQLite's lower() (ASCII only) and PostgreSQL's translate() of A-Z (unlike its lower(), whatever the locale).
// Anything else, at most the few addresses with an accent or a stray space, is read and written back from here.
const normalise = (address: string) => address.trim().normalize('NFC').toLowerCase();
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const BATCH = 500;

export async function up(knex: Knex): Promise<void> {
  for (const table of ['leads', 'sample_requests']) {
    if (isPostgres(knex)) {
      await knex.raw(`update ?? set email_normalised = translate(email, '${UPPER}', '${UPPER.toLowerCase()}') where email ~ '^[!-~]*$'`, [table]);
    } else {
      await knex.raw(`update ?? set email_normalised = lower(email) where email not glob '*[^!-~]*'`, [table]);
    }
    for (let after = 0; ; ) {
      const rows: { id: number; email: string }[] = await knex(table).select('id', 'email').whereNull('email_normalised').where('id', '>', after).orderBy('id').limit(BATCH);
      if (rows.length === 0) break;
      for (const row of rows) await knex(table).where({ id: row.id }).update({ email_normalised: normalise(row.email) });
      after = Number(rows.at(-1)!.id);
    }
  }

  // Leads at one event whose addresses are now the same: the first stays the person's lead there, each later
  // one names it. Read per (event, address) from the rows 069's columns just filled; typically none.
  const twins: { event_name: string; email_normalised: string }[] = await knex('leads')
    .select('event_name', 'email_normalised')
    .whereNotNull('event_name')
    .groupBy('event_name', 'email_normalised')
    .havingRaw('count(*) > 1');
  for (const twin of twins) {
    const ids = (await knex('leads').select('id').where(twin).orderBy('id')).map((r: { id: number }) => Number(r.id));
    await knex('leads').whereIn('id', ids.slice(1)).update({ event_twin_of: ids[0] });
  }

  // The remembered persons: a key that two spellings now share keeps the newest id (the one a sync would have
  // found last); organization names are keys too and are left as they were.
  const known: { key: string; pipedrive_id: string; created_at: unknown }[] = await knex('crm_known_ids').where({ kind: 'person' }).orderBy('created_at');
  const rekeyed = new Map<string, { key: string; pipedrive_id: string; created_at: unknown }>();
  for (const row of known) rekeyed.set(normalise(row.key), { ...row, key: normalise(row.key) });
  const changed = known.some((row) => normalise(row.key) !== row.key);
  if (changed) {
    await knex('crm_known_ids').where({ kind: 'person' }).delete();
    const rows = [...rekeyed.values()].map((row) => ({ kind: 'person', ...row }));
    for (let i = 0; i < rows.length; i += BATCH) await knex('crm_known_ids').insert(rows.slice(i, i + BATCH));
  }
}

export async function down(knex: Knex): Promise<void> {
  // The columns go with 069's down; the remembered persons keep their new keys, which the code before this
  // migration finds too (it lower-cased them already; only an address typed decomposed differs).
  await knex('leads').update({ email_normalised: null, event_twin_of: null });
  await knex('sample_requests').update({ email_normalised: null });
}
