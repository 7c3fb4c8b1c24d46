import type { Knex } from 'knex';
import { isPostgres } from '../engine';

// The normalised address (069, filled by 070) takes over from lower(email):
// - indexes on `email_normalised` of leads and sample requests serve finding, exporting and erasing a person and
//   the retention rule, as 055's lower(email) indexes did; those are dropped, so an insert maintains no more
//   indexes than before;
// - one lead per person per event: 020's unique index on (event_name, lower(email)) is replaced by one on
//   (event_name, email_normalised), whose third key lets an event twin stand beside the lead it names (069):
//   a twin's own id, and 0 for every other lead, so two leads of one address at one event are refused as
//   before. Its leading column still serves the event's figures (events-queries.ts);
// - a row without the normalised address is refused, as NOT NULL would: a lead or request stored by a path that
//   forgot it could never be found or erased by its address. PostgreSQL takes the constraint (its check reads
//   the table once); SQLite cannot add one to a column it has, so triggers refuse the insert or update instead.
const REQUIRED = ['leads', 'sample_requests'] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index leads_email_normalised on leads (email_normalised)');
  await knex.raw('create index sample_requests_email_normalised on sample_requests (email_normalised)');
  await knex.raw('drop index if exists leads_email_lower');
  await knex.raw('drop index if exists sample_requests_email_lower');
  await knex.raw('drop index if exists leads_event_email_unique');
  await knex.raw(
    'create unique index leads_event_email_unique on leads (event_name, email_normalised, (case when event_twin_of is null then 0 else id end)) where event_name is not null',
  );
  for (const table of REQUIRED) {
    if (isPostgres(knex)) {
      await knex.raw('alter table ?? alter column email_normalised set not null', [table]);
      continue;
    }
    for (const event of ['insert', 'update'] as const) {
      await knex.raw(`create trigger ${table}_email_normalised_${event} before ${event} on ${table}
        when new.email_normalised is null
        begin select raise(abort, 'NOT NULL constraint failed: ${table}.email_normalised'); end`);
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of REQUIRED) {
    if (isPostgres(knex)) await knex.raw('alter table ?? alter column email_normalised drop not null', [table]);
    else for (const event of ['insert', 'update']) await knex.raw(`drop trigger if exists ${table}_email_normalised_${event}`);
  }
  await knex.raw('drop index if exists leads_event_email_unique');
  await knex.raw('create unique index leads_event_email_unique on leads (event_name, lower(email)) where event_name is not null');
  await knex.raw('create index sample_requests_email_lower on sample_requests (lower(email))');
  await knex.raw('create index leads_email_lower on leads (lower(email))');
  await knex.raw('drop index if exists sample_requests_email_normalised');
  await knex.raw('drop index if exists leads_email_normalised');
}
