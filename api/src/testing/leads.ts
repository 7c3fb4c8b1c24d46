// Test data for leads: a request body for POST /api/leads, and leads stored straight into the database as the
// submission pipeline stores them (rows, roll-up counts and, outside quarantine, the CRM job, in one go).
import type { Knex } from 'knex';
import type { Lead, LeadInput, SpamReason } from '../contract';
import { storeLeads, type NewLead } from '../modules/leads';
import { enqueueCrmSyncs } from '../modules/crm';

export type { NewLead } from '../modules/leads';

export function leadBody(overrides: Partial<LeadInput> = {}): LeadInput {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines',
    phone: '+1 555 0100',
    industry: 'mortgage',
    volume: '1000-5000',
    message: 'Please call me.',
    source: 'Main Website',
    elapsedMs: 8000,
    ...overrides,
  };
}

/** Stores leads with their counts and CRM jobs; with a transaction as `db`, all of it commits together. */
export async function createLeads(db: Knex, leads: { input: NewLead; nowIso: string; spamReason?: SpamReason | null }[]): Promise<Lead[]> {
  const stored = await storeLeads(db, leads);
  const toSync = stored.filter((lead) => lead.spamReason === null);
  await enqueueCrmSyncs(db, toSync.map((lead) => ({ kind: 'lead' as const, id: lead.id })), leads[0]?.nowIso);
  return stored;
}

export async function createLead(db: Knex, input: NewLead, nowIso: string): Promise<Lead> {
  const [lead] = await createLeads(db, [{ input, nowIso }]);
  return lead!;
}
