// On every page: how many submissions wait to be sent, and the place to see and fix them.
import { useEffect, useState } from 'react';
import { Modal } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format';
import { startOutbox } from '../outbox-runtime';
import { ownerWaitMessage, replayOutbox, type OutboxItem } from '../../../lib/outbox';
import { selectFailed, selectPending, useOutboxStore } from '../outbox-store';
import { useShallow } from 'zustand/react/shallow';
import { useNoticeOwned } from '../../../lib/screen-notices';
import { FailedItemEditor } from './failed-item-editor';

const KIND_LABEL = { lead: 'Demo request', sample: 'Sample pack request', capture: 'Event capture', 'capture-photo': 'Card photo' } as const;

export function OutboxIndicator() {
  const pending = useOutboxStore(useShallow(selectPending));
  const failed = useOutboxStore(useShallow(selectFailed));
  const [open, setOpen] = useState(false);
  // The pill floats over the page's bottom corner; a screen with its own counts (event capture) hides it
  // rather than have it cover a field.
  const owned = useNoticeOwned('outbox-indicator');
  useEffect(() => startOutbox(), []);

  const total = pending.length + failed.length;
  if ((total === 0 || owned) && !open) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`fixed bottom-4 left-4 z-40 inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold shadow-lg ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 ${
          failed.length ? 'bg-red-700 text-white ring-red-800' : 'bg-amber-100 text-amber-950 ring-amber-300'
        }`}
        data-testid="outbox-indicator"
      >
        <span aria-hidden="true">⟳</span>
        {pending.length ? <span>{pending.length} waiting to send</span> : null}
        {failed.length ? <span>{failed.length} need attention</span> : null}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Waiting to send" size="lg" description="Submissions saved on this device. They are sent automatically as soon as the connection allows.">
        <div className="space-y-4">
          {total === 0 ? <p className="text-sm text-slate-600">Everything has been sent.</p> : null}
          {pending.map((item) => (
            <PendingRow key={item.id} item={item} />
          ))}
          {failed.map((item) => (
            <div key={item.id}>
              <p className="mb-2 text-sm font-medium text-slate-800">
                {KIND_LABEL[item.kind]} · saved {formatDate(new Date(item.createdAt).toISOString())}
              </p>
              {item.kind === 'capture' || item.kind === 'capture-photo' ? (
                // A capture is the rep's record on the capture screen (its list and CSV backup follow the
                // outbox item by its key), so it is reviewed there rather than edited or discarded here.
                <p className="rounded-xl border border-red-200 bg-red-50/50 p-4 text-sm text-red-800">
                  Not accepted by the server. See it on the <a className="font-semibold underline" href="/admin/capture">event capture screen</a>.
                </p>
              ) : (
                <FailedItemEditor item={item} />
              )}
            </div>
          ))}
          {pending.length ? (
            <button type="button" className="text-sm font-semibold text-brand-700 underline underline-offset-2" onClick={() => void replayOutbox()}>
              Try sending now
            </button>
          ) : null}
        </div>
      </Modal>
    </>
  );
}

function PendingRow({ item }: { item: OutboxItem }) {
  const who = [item.body.firstName, item.body.lastName].filter(Boolean).join(' ');
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
      <div>
        <p className="font-medium text-slate-900">
          {KIND_LABEL[item.kind]}
          {who ? ` — ${who}` : ''}
        </p>
        <p className="text-slate-600">
          {item.state !== 'auth' ? 'Waiting for the network' : item.owner ? ownerWaitMessage(item.owner) : 'Waiting for a staff sign-in'} · saved {formatDate(new Date(item.createdAt).toISOString())}
        </p>
      </div>
    </div>
  );
}
