// What SQLite's thread runs for the submission pipeline (db/sqlite-thread.ts): the same pipeline as the process's
// (wiring.ts), built on the thread from its recipe, its group commits beside the connection. Each batch of items
// is every submission that reached the thread while it was busy: they go through the group commits together, and
// the job answers each one's result, what the batch committed (for the process's followers and observers), and
// which of the process's workers its commits would have woken (their wake-ups are calls within a process: on the
// thread they would wake nobody), and the live events it wrote, for the process's hub to take from memory.
import type { Knex } from 'knex';
import pino from 'pino';
import { createLiveBus } from './pipeline/live-bus';
import type { ThreadBatchExtra, ThreadItem, ThreadItemResult } from './pipeline/submissions';
import { onCrmJobsCommitted } from './modules/crm';
import { onMailQueued } from './modules/mail';
import { holdForProcess } from './modules/live';
import { createSubmissions, type SubmissionThreadInit, type ThreadAfterBatch, type ThreadWakeUps } from './wiring';

/** The wake-ups the batch under way made (the thread runs one batch at a time). */
let woke: ThreadWakeUps = { crm: false, mail: false };
onCrmJobsCommitted(() => (woke.crm = true));
onMailQueued(() => (woke.mail = true));

export function createThreadJob(db: Knex, init: SubmissionThreadInit): (inputs: unknown[]) => Promise<{ results: ThreadItemResult[]; extra: ThreadBatchExtra }> {
  const live = createLiveBus();
  // Before the pipeline is made: its live follower takes the bus's held events as it is made.
  const written = holdForProcess(live, init.liveWriter);
  const submissions = createSubmissions(pino({ level: init.logLevel }), live, init.mail);
  return async (inputs) => {
    woke = { crm: false, mail: false };
    const { results, commits } = await submissions.submitOnThread(db, inputs as ThreadItem[]);
    // The wake-ups run in the commits' promise callbacks, some after this function's own: one turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
    const after: ThreadAfterBatch = { ...woke, liveEvents: written.drain() };
    return { results, extra: { commits, extra: after } };
  };
}
