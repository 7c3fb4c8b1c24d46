// The product's submission pipeline put together, once per process: the kinds of submission whose quarantine it
// keeps, and the followers of every stored record, in the order they run (docs/architecture.md, "The submission
// pipeline"), and the followers of a change staff make to a lead. A new follower is one line here.
import type { Logger } from 'pino';
import { Submissions, type CommitObserver } from './pipeline/submissions';
import { groupCommitBatch, submissionsQuarantined, submissionsStored } from './lib/metrics';
import type { LiveBus } from './pipeline/live-bus';
import { leadSubmissions } from './modules/leads';
import { sampleSubmissions } from './modules/samples';
import { crmFollower, crmLeadWorkFollower } from './modules/crm';
import type { LeadWorkFollower } from './deps';
import { liveFollower } from './modules/live';
import { mailFollower, type MailQueueDeps } from './modules/mail';

export function createSubmissions(logger: Logger, live: LiveBus, mail: MailQueueDeps): Submissions {
  const submissions = new Submissions(logger);
  submissions.accept(leadSubmissions, sampleSubmissions);
  submissions.follow(crmFollower, mailFollower(mail), liveFollower(live));
  submissions.observe(countCommit);
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
