// What SQLite's thread runs for the submission pipeline (db/sqlite-thread.ts): the same pipeline as the process's
// (wiring.ts), built on the thread from its recipe, writing one kind's batch per job in a transaction of the
// thread's own. The job hands back the batch's answers and records, and which of the process's workers its commit
// would have woken (their wake-ups are calls within a process: on the thread they would wake nobody).
import type { Knex } from 'knex';
import pino from 'pino';
import { createLiveBus } from './pipeline/live-bus';
import type { ThreadBatch, ThreadBatchResult } from './pipeline/submissions';
import { onCrmJobsCommitted } from './modules/crm';
import { onMailQueued } from './modules/mail';
import { createSubmissions, type SubmissionThreadInit, type ThreadWakeUps } from './wiring';

/** The wake-ups the job under way made (the thread runs one job at a time). */
let woke: ThreadWakeUps = { crm: false, mail: false };
onCrmJobsCommitted(() => (woke.crm = true));
onMailQueued(() => (woke.mail = true));

export function createThreadJob(db: Knex, init: SubmissionThreadInit): (input: unknown) => Promise<ThreadBatchResult> {
  const logger = pino({ level: init.logLevel });
  const submissions = createSubmissions(logger, createLiveBus(), init.mail);
  return async (input) => {
    woke = { crm: false, mail: false };
    const result = await submissions.writeOnThread(db, input as ThreadBatch);
    // The wake-ups run in the commit's promise callbacks, some after this function's own: one turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    return 'refused' in result ? result : { write: result.write, extra: woke };
  };
}
