// "New version available — reload": offered, never forced. Reloading is safe for the outbox (it lives in
// IndexedDB), but a half-filled form would be lost, so the visitor chooses the moment.
import { usePwaStore } from './pwa-store';

export function UpdatePrompt() {
  const waiting = usePwaStore((s) => s.updateWaiting);
  const applyUpdate = usePwaStore((s) => s.applyUpdate);
  if (!waiting) return null;
  return (
    <div role="status" className="fixed right-4 bottom-4 z-40 flex items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg" data-testid="update-prompt">
      <span>New version available</span>
      <button type="button" onClick={applyUpdate} className="rounded-md bg-white px-3 py-1 font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
        Reload
      </button>
    </div>
  );
}
