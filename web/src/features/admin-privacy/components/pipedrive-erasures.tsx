// Pipedrive deletions not done yet (the sync sends them within moments; Pipedrive down, no token, or a refusal
// keeps them waiting): said, with the last error, so nobody believes a person is gone from Pipedrive before
// they are. Asked again every few seconds while some wait.
import { useEffect } from 'react';
import { usePersonStore } from '../person-store';
import { plural } from '../counts';

const RECHECK_MS = 5000;

export function PipedriveErasures() {
  const status = usePersonStore((s) => s.pipedrive);
  const load = usePersonStore((s) => s.loadPipedrive);
  const waiting = status?.waiting ?? 0;
  useEffect(() => void load(), [load]);
  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => void load(), RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [waiting, load]);
  if (!status || waiting === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
      Pipedrive: {plural(waiting, 'erasure')} not done yet
      {status.connected ? '' : ' (CRM not connected: they wait until a Pipedrive token is set)'}
      {status.lastError ? `; the last attempt failed: ${status.lastError}` : ''}.
    </p>
  );
}
