// The product's submission pipeline put together, once per process: the kinds of submission it stores, and the
// followers of every stored record, in the order they run (docs/architecture.md, "The submission pipeline"), and
// the followers of a change staff make to a lead. A new follower is one line here.
//
// On SQLite the batches are written on the database's own thread (db/sqlite-thread.ts), which builds this same
// pipeline from the recipe below (api/src/submission-thread.ts): its followers' rows commit there, their
// after-commit parts run here, and so do the wake-ups of this process's CRM and mail workers that the thread's
// commits would have made; the live events the thread wrote are held here for this process's hub, which then
// takes them from memory when their announcement (under this process's writer name) comes.
import type { Logger } from 'pino';
import { Submissions, type CommitObserver } from './pipeline/submissions';
import { groupCommitBatch, submissionsQuarantined, submissionsStored } from './lib/metrics';
import type { LiveBus } from './pipeline/live-bus';
import { leadSubmissions } from './modules/leads';
import { sampleSubmissions } from './modules/samples';
import { captureSubmissions } from './modules/capture';
import { crmFollower, crmLeadWorkFollower, notifyCrmJobsCommitted } from './modules/crm';
import type { LeadWorkFollower } from './deps';
import type { LiveEvent } from './contract';
import { liveFollower, ownEventsOf } from './modules/live';
import { mailFollower, notifyMailQueued, type MailQueueDeps } from './modules/mail';

/** What SQLite's thread needs to build the same pipeline: plain data only. */
export interface SubmissionThreadInit {
  mail: MailQueueDeps;
  logLevel: string;
  /** The name this process's announcements of live events go under (live-journal.ts, OwnEvents). */
  liveWriter: string;
}

/** What the thread's job hands back besides the batch: which of this process's workers its commit would have woken. */
export interface ThreadWakeUps {
  crm: boolean;
  mail: boolean;
}

/** What the thread's job says of each batch besides its commits. */
export interface ThreadAfterBatch extends ThreadWakeUps {
  /** The live events the batch wrote, oldest first. */
  liveEvents: LiveEvent[];
}

export function createSubmissions(logger: Logger, live: LiveBus, mail: MailQueueDeps): Submissions {
  const submissions = new Submissions(logger);
  submissions.accept(leadSubmissions, sampleSubmissions, captureSubmissions);
  submissions.follow(crmFollower, mailFollower(mail), liveFollower(live));
  submissions.observe(countCommit);
  submissions.runOnThread({
    module: new URL('./submission-thread.ts', import.meta.url).href,
    init: { mail: { config: { mail: mail.config.mail }, sessionKeys: [...mail.sessionKeys] }, logLevel: logger.level, liveWriter: ownEventsOf(live).writer } satisfies SubmissionThreadInit,
    // Before the batch's signals are delivered (db/dialect.ts): the hub that hears them finds the events held.
    afterBatch: (extra) => {
      const after = extra as ThreadAfterBatch;
      ownEventsOf(live).hold(after.liveEvents);
      if (after.crm) notifyCrmJobsCommitted();
      if (after.mail) notifyMailQueued();
    },
  });
  return submissions;
}

/** What follows a change staff make to a lead, in its transaction: its job for Pipedrive (docs/crm-sync.md). */
export const LEAD_WORK_FOLLOWERS: readonly LeadWorkFollower[] = [crmLeadWorkFollower];

/** GET /metrics: records stored by kind and how, quarantined by reason, and each group commit's size. */
const countCommit: CommitObserver = ({ scope, submissions, records }) => {
  groupCommitBatch.observe({ scope }, submissions);
  for (const { kind, how, record } of records) {
    if (record.spamReason === null) submissionsStored.inc({ kind, how });
    else submissionsQuarantined.inc({ kind, reason: record.spamReason });
  }
};
