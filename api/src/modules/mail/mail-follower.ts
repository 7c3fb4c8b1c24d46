// Mail's part in every stored record, in the record's own transaction: an alert to each member of staff who chose
// e-mail for its kind (new leads, sample requests, captures), and, when an admin turned it on, a confirmation to
// the visitor. Suspected spam is followed by nobody until it is released, so it alerts nobody and confirms nothing;
// a release alerts like a new record. A capture merged into a lead the event already had is no new record.
import type { Follower, StoredRecord } from '../../pipeline/submissions';
import { queueAlerts, queueConfirmations, type AlertRequest, type MailQueueDeps } from './mail-queue';

function alertOf(stored: StoredRecord): AlertRequest | null {
  if (stored.how === 'merged') return null;
  if (stored.kind === 'sample_request') {
    return { notificationKind: 'samples', kind: 'sample_alert', cause: `sample-${stored.record.id}`, how: stored.how, repUserId: null, recordKind: 'sample_request', record: stored.record };
  }
  const captured = stored.how === 'captured';
  return {
    notificationKind: captured ? 'captures' : 'leads',
    kind: captured ? 'capture_alert' : 'lead_alert',
    cause: `lead-${stored.record.id}`,
    how: stored.how,
    repUserId: stored.repUserId,
    recordKind: 'lead',
    record: stored.record,
  };
}

export function mailFollower(deps: MailQueueDeps): Follower {
  return {
    name: 'mail',
    async inTransaction(trx, records) {
      const nowIso = records[0]!.at;
      await queueAlerts(trx, deps, records.map(alertOf).filter((a): a is AlertRequest => a !== null), nowIso);
      // Only what a visitor submitted is confirmed to them: not a rep's capture, not a release staff made later.
      const submitted = records.filter((r) => r.how === 'submitted');
      await queueConfirmations(
        trx,
        deps,
        submitted.map((r) => (r.kind === 'lead' ? { recordKind: 'lead' as const, record: r.record } : { recordKind: 'sample_request' as const, record: r.record })),
        nowIso,
      );
    },
  };
}
