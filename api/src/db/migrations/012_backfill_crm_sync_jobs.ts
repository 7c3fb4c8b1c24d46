import type { Knex } from 'knex';

// Data, apart from the schema: records stored before the CRM sync existed get a job too, so they reach
// Pipedrive once a token is configured. Only those not yet handed over (lead `new`, request `pending`).
export async function up(knex: Knex): Promise<void> {
  const now = new Date().toISOString();
  const leads = await knex('leads').select('id').where({ status: 'new' });
  const requests = await knex('sample_requests').select('id').where({ pipedrive_status: 'pending' });
  const rows = [
    ...leads.map((r: { id: number }) => ({ kind: 'lead', record_id: r.id })),
    ...requests.map((r: { id: number }) => ({ kind: 'sample_request', record_id: r.id })),
  ].map((r) => ({ ...r, state: 'pending', attempts: 0, next_attempt_at: now, created_at: now, updated_at: now }));
  for (let i = 0; i < rows.length; i += 200) {
    await knex('crm_sync_jobs').insert(rows.slice(i, i + 200)).onConflict(['kind', 'record_id']).ignore();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the jobs table goes with 010's down.
}
