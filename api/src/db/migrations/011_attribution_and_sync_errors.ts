import type { Knex } from 'knex';

const ATTRIBUTION_COLUMNS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'referrer', 'landing_page'];

// Where a visitor came from (UTM parameters, referrer, landing page) on leads and sample requests, and the
// reason of the last failed CRM sync, shown to the admin beside the `sync_failed` status.
export async function up(knex: Knex): Promise<void> {
  for (const table of ['leads', 'sample_requests']) {
    await knex.schema.alterTable(table, (t) => {
      for (const column of ATTRIBUTION_COLUMNS) t.string(column, 500);
      t.text('sync_error');
    });
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['leads', 'sample_requests']) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumns(...ATTRIBUTION_COLUMNS, 'sync_error');
    });
  }
}
