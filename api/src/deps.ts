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
}
