// The outbox's list, opened from its indicator: what waits to be sent, and the refused items to fix or discard.
import { Modal } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format';
import { Button } from '../../../components/ui/button';
import { discardItem, ownerWaitMessage, replayOutbox, type OutboxItem } from '../../../lib/outbox';
import { FailedItemEditor } from './failed-item-editor';

const KIND_LABEL = {
  lead: 'Demo request',
  sample: 'Sample pack request',
  capture: 'Event capture',
  'capture-photo': 'Card photo',
  'lead-note': 'Note on a lead',
  'lead-take': 'Take a lead',
  'lead-stage': 'Stage of a lead',
} as const;

export function OutboxDialog({ pending, failed, onClose }: { pending: OutboxItem[]; failed: OutboxItem[]; onClose: () => void }) {
  const total = pending.length + failed.length;
  return (
    <Modal open onClose={onClose} title="Waiting to send" size="lg" description="Submissions saved on this device. They are sent automatically as soon as the connection allows.">
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
            {item.kind === 'lead-take' || item.kind === 'lead-stage' ? (
              // Nothing to edit: the server's sentence says why ("Rhea has this lead."), and sending it again
              // would meet the same answer.
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50/50 p-4 text-sm text-red-800">
                <p>
                  <span className="font-semibold">Not accepted{item.about ? ` (${item.about})` : ''}:</span> {item.error?.message || 'Refused by the server'}
                </p>
                <Button variant="ghost" onClick={() => void discardItem(item.id)}>
                  Discard
                </Button>
              </div>
            ) : item.kind === 'capture' || item.kind === 'capture-photo' ? (
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
  );
}

function PendingRow({ item }: { item: OutboxItem }) {
  const who = item.about ?? [item.body.firstName, item.body.lastName].filter(Boolean).join(' ');
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
