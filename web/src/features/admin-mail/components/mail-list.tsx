// The messages of one state, newest first: what each is, to whom, where it stands, and for a failed one the
// server's reply and Retry. Never a body: a team message carries a sign-in link.
import { MAIL_KIND_LABELS, MAIL_LIST_FILTERS, type MailListFilter, type MailMessageSummary } from '@contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { WriteButton } from '../../../components/ui/write-button';
import { formatDateTime } from '../../../lib/format';
import { MAIL_LIST_LIMIT } from '../mail-api';
import { useMailStore } from '../mail-store';

const FILTER_LABELS: Record<MailListFilter, string> = { all: 'All', queued: 'Queued', sent: 'Sent', failed: 'Failed' };

const EMPTY: Record<MailListFilter, string> = {
  all: 'No messages yet',
  queued: 'Nothing is waiting to be sent',
  sent: 'No messages sent yet',
  failed: 'No failed messages',
};

function stateOf(m: MailMessageSummary): { label: string; tone: BadgeTone } {
  switch (m.state) {
    case 'sent':
      return m.deliveredVia === 'file' ? { label: 'Saved, not sent', tone: 'neutral' } : { label: 'Sent', tone: 'green' };
    case 'failed':
      return { label: 'Failed', tone: 'destructive' };
    case 'running':
      return { label: 'Sending', tone: 'blue' };
    case 'held':
      return { label: 'Waiting for a digest', tone: 'neutral' };
    case 'folded':
      return { label: 'Sent in a digest', tone: 'neutral' };
    case 'pending':
      return { label: m.attempts > 0 ? 'Will try again' : 'Queued', tone: 'blue' };
  }
}

export function MailFilter() {
  const filter = useMailStore((s) => s.filter);
  const setFilter = useMailStore((s) => s.setFilter);
  return (
    <div role="group" aria-label="Show messages" className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
      {MAIL_LIST_FILTERS.map((f) => (
        <button
          key={f}
          type="button"
          aria-pressed={filter === f}
          onClick={() => setFilter(f)}
          className="min-h-9 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-white/60 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {FILTER_LABELS[f]}
        </button>
      ))}
    </div>
  );
}

export function MailList() {
  const status = useMailStore((s) => s.status);
  const error = useMailStore((s) => s.error);
  const overview = useMailStore((s) => s.overview);
  const filter = useMailStore((s) => s.filter);
  if (!overview) {
    if (status === 'error') return <ErrorPanel title="Failed to load the mail" detail={error} onRetry={() => void useMailStore.getState().load()} />;
    return <LoadingText>Loading the mail…</LoadingText>;
  }
  const { messages } = overview;
  return (
    <div className="space-y-3">
      {status === 'error' ? <ErrorPanel title="Failed to refresh the mail" detail={error} onRetry={() => void useMailStore.getState().load()} /> : null}
      {messages.length === 0 ? (
        <EmptyText>{EMPTY[filter]}</EmptyText>
      ) : (
        <ul className="space-y-3" aria-label="Messages">
          {messages.map((m) => (
            <MailRow key={m.id} message={m} />
          ))}
        </ul>
      )}
      {messages.length >= MAIL_LIST_LIMIT ? <p className="text-xs text-slate-600">The newest {MAIL_LIST_LIMIT} are shown.</p> : null}
    </div>
  );
}

function MailRow({ message: m }: { message: MailMessageSummary }) {
  const retrying = useMailStore((s) => s.retrying === m.id);
  const retry = useMailStore((s) => s.retry);
  const state = stateOf(m);
  const replyId = `mail-${m.id}-reply`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`mail-${m.id}-subject`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="brand">{MAIL_KIND_LABELS[m.kind]}</Badge>
        <Badge tone={state.tone} data-mail-state={m.state}>
          {state.label}
        </Badge>
      </div>
      <p id={`mail-${m.id}-subject`} className="mt-2 font-semibold break-words text-slate-900">
        {m.subject}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm text-slate-700">
        <dt className="text-slate-600">To</dt>
        <dd className="break-all">{m.to}</dd>
        <dt className="text-slate-600">Attempts</dt>
        <dd>{m.attempts}</dd>
        <dt className="text-slate-600">Created</dt>
        <dd>{formatDateTime(m.createdAt)}</dd>
        {m.sentAt ? (
          <>
            <dt className="text-slate-600">{m.deliveredVia === 'file' ? 'Saved' : 'Sent'}</dt>
            <dd>{formatDateTime(m.sentAt)}</dd>
          </>
        ) : null}
        {m.state === 'pending' && m.attempts > 0 && m.nextAttemptAt ? (
          <>
            <dt className="text-slate-600">Next attempt</dt>
            <dd>{formatDateTime(m.nextAttemptAt)}</dd>
          </>
        ) : null}
      </dl>
      {m.lastError && (m.state === 'failed' || m.state === 'pending') ? (
        <p id={replyId} className="mt-3 rounded-lg bg-red-50 px-3 py-2 font-mono text-xs break-words text-red-800">
          <span className="font-sans font-semibold">Server&rsquo;s reply: </span>
          {m.lastError}
        </p>
      ) : null}
      {m.state === 'failed' ? (
        <WriteButton size="sm" variant="secondary" className="mt-3" onClick={() => void retry(m.id)} disabled={retrying} aria-label={`Retry ${m.subject} to ${m.to}`} aria-describedby={m.lastError ? replyId : undefined}>
          {retrying ? 'Retrying…' : 'Retry'}
        </WriteButton>
      ) : null}
    </li>
  );
}
