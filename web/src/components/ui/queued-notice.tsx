// What a visitor sees instead of the error toast when a submission was saved for later; it turns into a
// confirmation once that very submission has been delivered.
import { useEffect, useState } from 'react';
import { subscribe } from '../../lib/events';
import { getOutboxItem } from '../../lib/outbox';

type OutboxItemState = 'waiting' | 'failed' | 'sent';

/**
 * Follows one submission in the outbox: waiting, failed, or gone, which means delivered, since the outbox
 * only ever removes an item on a 2xx or when the visitor discards it.
 */
function useOutboxItemState(id: string): OutboxItemState {
  const [state, setState] = useState<OutboxItemState>('waiting');
  useEffect(() => {
    let alive = true;
    const check = () =>
      void getOutboxItem(id).then((item) => {
        if (alive) setState(!item ? 'sent' : item.state === 'failed' ? 'failed' : 'waiting');
      });
    check();
    const stop = subscribe(['outbox-changed', 'delivered'], check);
    return () => {
      alive = false;
      stop();
    };
  }, [id]);
  return state;
}

export function QueuedNotice({ id, onDone }: { id: string; onDone?: () => void }) {
  const state = useOutboxItemState(id);
  return (
    <div
      role="status"
      className={`rounded-xl border p-5 ${state === 'sent' ? 'border-green-300 bg-green-50 text-green-950' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
      data-testid="queued-notice"
      data-state={state}
    >
      {state === 'failed' ? (
        <>
          <p className="font-semibold">Your submission needs attention</p>
          <p className="mt-1 text-sm">Our server could not accept it. Open “Waiting to send” at the bottom of the page to fix and resend it.</p>
        </>
      ) : state === 'waiting' ? (
        <>
          <p className="font-semibold">Saved — it will be sent automatically when you're back online</p>
          <p className="mt-1 text-sm">You're offline or our server can't be reached right now. Your submission is stored on this device and nothing is lost; you can even close this page.</p>
        </>
      ) : (
        <>
          <p className="font-semibold">Sent — thank you!</p>
          <p className="mt-1 text-sm">Your saved submission has been delivered. We'll be in touch soon.</p>
        </>
      )}
      {onDone ? (
        <button type="button" onClick={onDone} className="mt-3 text-sm font-semibold underline underline-offset-2">
          Close
        </button>
      ) : null}
    </div>
  );
}
