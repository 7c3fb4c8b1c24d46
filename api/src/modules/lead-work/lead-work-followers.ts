// What follows a change staff make to a lead (an owner, a stage, a note): today the CRM's job that carries it to
// Pipedrive. A follower writes its rows in the change's own transaction, so the change and what follows it commit
// together or not at all. The followers come in with the app's deps (api/src/wiring.ts), because lead work may not
// depend on the modules that follow it (they read its timeline): the same shape as the submission pipeline's.
import type { Knex } from 'knex';
import type { LeadWorkChange, LeadWorkFollower } from '../../deps';

export async function followLeadWork(followers: readonly LeadWorkFollower[], trx: Knex.Transaction, change: LeadWorkChange): Promise<void> {
  for (const follower of followers) await follower.inTransaction(trx, change);
}
