// On every page: how many submissions wait to be sent, and the place to see and fix them.
// The list itself (a dialog, with the date library and the editor for refused items) loads when opened.
import { lazy, useEffect, useState } from 'react';
import { OptionalPart } from '../../../components/ui/optional-part';
import { startOutbox } from '../outbox-runtime';
import { selectFailed, selectPending, useOutboxStore } from '../outbox-store';
import { useShallow } from 'zustand/react/shallow';
import { useNoticeOwned } from '../../../lib/screen-notices';

const loadDialog = () => import('./outbox-dialog');
const OutboxDialog = lazy(() => loadDialog().then((m) => ({ default: m.OutboxDialog })));

export function OutboxIndicator() {
  const pending = useOutboxStore(useShallow(selectPending));
  const failed = useOutboxStore(useShallow(selectFailed));
  const [open, setOpen] = useState(false);
  // The pill floats over the page's bottom corner; a screen with its own counts (event capture) hides it
  // rather than have it cover a field.
  const owned = useNoticeOwned('outbox-indicator');
  useEffect(() => startOutbox(), []);

  const total = pending.length + failed.length;
  // Something waits: the list is likely to be opened, so its code loads now (while the network may be up).
  const waiting = total > 0;
  useEffect(() => {
    if (waiting) void loadDialog().catch(() => undefined);
  }, [waiting]);
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
      {open ? (
        <OptionalPart>
          <OutboxDialog pending={pending} failed={failed} onClose={() => setOpen(false)} />
        </OptionalPart>
      ) : null}
    </>
  );
}
