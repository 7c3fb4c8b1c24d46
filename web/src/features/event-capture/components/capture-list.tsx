// This device's captures for the event, newest first, each with its state, under the counts:
// captured, waiting, sent (and needing attention, when any does).
import { format } from 'date-fns';
import { Badge } from '../../../components/ui/badge';
import { EmptyText } from '../../../components/ui/list-state';
import { countsOf } from '../capture-store';
import { WAITING_FOR_SIGN_IN, type CaptureRecord } from '../capture-types';
import { CaptureExtrasLine } from './capture-extras-line';

export function CaptureCounts({ captures }: { captures: CaptureRecord[] }) {
  const counts = countsOf(captures);
  const items = [
    { label: 'Captured', value: counts.captured },
    { label: 'Waiting', value: counts.waiting },
    { label: 'Sent', value: counts.sent },
    ...(counts.attention ? [{ label: 'Need attention', value: counts.attention }] : []),
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 text-center" aria-label="Capture counts">
      {items.map((item) => (
        <div key={item.label} className={`rounded-xl border bg-white px-2 py-3 ${item.label === 'Need attention' ? 'col-span-3 border-red-200' : 'border-slate-200'}`}>
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{item.label}</dt>
          <dd className="text-2xl font-bold text-slate-900" data-testid={`count-${item.label.toLowerCase().replace(' ', '-')}`}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function CaptureList({ captures }: { captures: CaptureRecord[] }) {
  if (!captures.length) return <EmptyText>No one captured at this event on this device yet.</EmptyText>;
  return (
    <ol aria-label="Captures" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {captures.map((capture) => (
        <CaptureItem key={capture.id} capture={capture} />
      ))}
    </ol>
  );
}

function CaptureItem({ capture }: { capture: CaptureRecord }) {
  const { fields } = capture;
  return (
    <li className="flex items-start justify-between gap-3 px-4 py-3" data-state={capture.state}>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {fields.firstName} {fields.lastName}
        </p>
        <p className="truncate text-sm text-slate-600">
          {fields.email}
          {fields.company ? ` · ${fields.company}` : ''}
        </p>
        {capture.reason ? <p className={`text-sm ${capture.state === 'needs-attention' ? 'text-red-700' : 'text-slate-600'}`}>{capture.reason}</p> : null}
        {capture.merged ? <p className="text-sm text-slate-600">Added to this person's earlier capture</p> : null}
        <CaptureExtrasLine capture={capture} />
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <StateBadge capture={capture} />
        <time dateTime={new Date(capture.capturedAt).toISOString()} className="text-xs text-slate-600">
          {format(capture.capturedAt, 'h:mm a')}
        </time>
      </div>
    </li>
  );
}

function StateBadge({ capture }: { capture: CaptureRecord }) {
  if (capture.state === 'sent') return <Badge tone="green">Sent</Badge>;
  if (capture.state === 'needs-attention') return <Badge tone="destructive">Needs attention</Badge>;
  return <Badge tone="blue">{capture.reason === WAITING_FOR_SIGN_IN ? 'Waiting for sign-in' : 'Waiting'}</Badge>;
}
