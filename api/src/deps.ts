import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Db } from './db/knex';
import type { LiveBus } from './pipeline/live-bus';
import type { Submissions } from './pipeline/submissions';

/** What every service and route factory receives: real parts in production and in tests alike. */
export interface AppDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Current time; tests pass a fixed clock where dates matter. */
  clock: () => Date;
  /** Signs session cookies; several processes share it (SESSION_SECRET or data/session-secret). */
  sessionKeys: string[];
  /** Where services announce committed changes for the staff's live desk. */
  live: LiveBus;
  /** The submission pipeline: its kinds and the followers of every stored record (api/src/wiring.ts). */
  submissions: Submissions;
  /** What follows a change staff make to a lead, in its transaction (api/src/wiring.ts: the CRM's job). */
  leadWorkFollowers: readonly LeadWorkFollower[];
}

/**
 * One change staff made to a lead (issue #31), as what follows it sees it: its timeline row and what the row says.
 * Named here, beside the deps that carry the followers, because lead work may not depend on the modules that follow
 * it (they read its timeline), nor they on it for a type the app's wiring hands from one to the other.
 */
export interface LeadWorkChange {
  leadId: number;
  /** The lead_timeline row that records the change. */
  entryId: number;
  kind: 'owner' | 'stage' | 'note';
  /** Owner: user ids; stage: stages; a note: null. */
  from: string | null;
  to: string | null;
  at: string;
}

/** What follows a change staff make to a lead: rows written in the change's own transaction (the CRM's job). */
export interface LeadWorkFollower {
  name: string;
  inTransaction(trx: Knex.Transaction, change: LeadWorkChange): Promise<void>;
}
