// What a visitor sees instead of the error toast when a submission was saved for later (contract §7);
// it turns into a confirmation once that very submission has been delivered.
import { useOutboxStore } from '../outbox-store';

export function QueuedNotice({ id, onDone }: { id: string; onDone?: () => void }) {
  const waiting = useOutboxStore((s) => s.items.some((i) => i.id === id && i.state !== 'failed'));
  const failed = useOutboxStore((s) => s.items.some((i) => i.id === id && i.state === 'failed'));
  return (
    <div role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950" data-testid="queued-notice">
      {failed ? (
        <>
          <p className="font-semibold">Your submission needs attention</p>
          <p className="mt-1 text-sm">The server could not accept it. Open “Waiting to send” at the bottom of the page to fix and resend it.</p>
        </>
      ) : waiting ? (
        <>
          <p className="font-semibold">Saved — it will be sent automatically when you're back online</p>
          <p className="mt-1 text-sm">You're offline or our server can't be reached right now. Your submission is stored on this device and nothing is lost; you can close this page.</p>
        </>
      ) : (
        <>
          <p className="font-semibold text-green-900">Sent — thank you!</p>
          <p className="mt-1 text-sm text-green-900">Your saved submission has been delivered. We'll be in touch soon.</p>
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
