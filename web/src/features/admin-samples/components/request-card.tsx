// One print-sample request with every field it has, its CRM sync badge ('synced' normal, 'sync_failed'
// destructive, 'pending' neutral: waiting for the CRM, or for one to be connected, is not a fault), the
// Pending/Processed toggle, and for a failed sync its reason and "Retry sync".
import { OFFLINE_WRITE_REASON, useWritesPaused } from '../../../lib/offline-data';
import type { ReactNode } from 'react';
import { type SampleRequest, SAMPLE_TYPES, SPAM_REASON_LABELS } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { WriteButton } from '../../../components/ui/write-button';
import { formatDateTime } from '../../../lib/format';
import { ariaKeyShortcuts, SHORTCUTS } from '../../../lib/keyboard-shortcuts';
import { useRequestsStore } from '../requests-store';
import { MailingAddress } from './mailing-address';

export function RequestCard({ request }: { request: SampleRequest }) {
  const toggle = useRequestsStore((s) => s.toggleProcessed);
  const busy = useRequestsStore((s) => s.updating.has(request.id));
  const paused = useWritesPaused();
  const retrySync = useRequestsStore((s) => s.retrySync);
  const releaseFromSpam = useRequestsStore((s) => s.releaseFromSpam);
  const retrying = useRequestsStore((s) => s.retrying.has(request.id));
  const syncFailed = request.pipedriveStatus === 'sync_failed';
  const titleId = `request-${request.id}-title`;
  const sampleType = SAMPLE_TYPES.find((t) => t.value === request.sampleType)?.label ?? request.sampleType;

  return (
    // Focusable from script only: j / k select a card by focusing it, which outlines it.
    <article
      aria-labelledby={titleId}
      tabIndex={-1}
      data-list-focus
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-2 focus:outline-offset-2 focus:outline-brand-600 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {request.firstName} {request.lastName}
          </h3>
          <p className="text-xs text-slate-500">Requested {formatDateTime(request.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={request.pipedriveStatus === 'synced' ? 'blue' : syncFailed ? 'destructive' : 'neutral'}>CRM: {request.pipedriveStatus}</Badge>
          <button
            type="button"
            disabled={busy || paused}
            title={paused ? OFFLINE_WRITE_REASON : undefined}
            onClick={() => void toggle(request)}
            aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.toggleProcessed)}
            aria-label={request.processed ? 'Processed (mark as pending)' : 'Pending (mark as processed)'}
            className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60 ${
              request.processed ? 'bg-green-50 text-green-800 ring-green-600/30 hover:bg-green-100' : 'bg-amber-50 text-amber-900 ring-amber-600/30 hover:bg-amber-100'
            }`}
          >
            {request.processed ? 'Processed' : 'Pending'}
          </button>
        </div>
      </div>
      {request.spamReason ? (
        // Waiting in quarantine: not synced, not in the list, until someone says it is a real request.
        <div role="group" aria-label="Suspected spam" className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
          <p>{SPAM_REASON_LABELS[request.spamReason]}</p>
          <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void releaseFromSpam(request.id)}>
            Not spam
          </WriteButton>
        </div>
      ) : null}
      {syncFailed ? (
        // Why the CRM sync gave up, and the way to send it again.
        <div role="group" aria-label="CRM sync failed" className="mt-4 flex flex-wrap items-start justify-between gap-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-inset ring-red-600/20">
          <p className="min-w-0 break-words">
            <span className="font-semibold">Sync failed: </span>
            {request.syncError ?? 'no reason recorded'}
          </p>
          <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void retrySync(request.id)}>
            Retry sync
          </WriteButton>
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Mail to</h4>
          <MailingAddress request={request} />
        </div>
        <dl className="space-y-1 text-sm">
          <Detail term="Sample type">{sampleType}</Detail>
          <Detail term="Email">
            <a className="break-all text-brand-800 underline" href={`mailto:${request.email}`}>
              {request.email}
            </a>
          </Detail>
          {request.phone ? (
            <Detail term="Phone">
              <a className="text-brand-800 underline" href={`tel:${request.phone}`}>
                {request.phone}
              </a>
            </Detail>
          ) : null}
          {request.company ? <Detail term="Company">{request.company}</Detail> : null}
          {request.pipedriveDealId ? <Detail term="CRM deal">{request.pipedriveDealId}</Detail> : null}
        </dl>
      </div>
      {request.notes ? (
        <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Notes</h4>
          <p className="whitespace-pre-line">{request.notes}</p>
        </div>
      ) : null}
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children}</dd>
    </div>
  );
}
