// Pipedrive deletions still waiting in the sync queue (Pipedrive down, no token, or refusing): said, with the
// last error, so nobody believes a person is gone from Pipedrive before they are.
import { useEffect } from 'react';
import { usePersonStore } from '../person-store';
import { plural } from '../counts';

export function PipedriveErasures() {
  const status = usePersonStore((s) => s.pipedrive);
  const load = usePersonStore((s) => s.loadPipedrive);
  useEffect(() => void load(), [load]);
  if (!status || status.waiting === 0) return null;
  return (
    <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-inset ring-amber-600/20">
      Pipedrive: {plural(status.waiting, 'erasure')} waiting
      {status.connected ? ' to be sent again' : ' until a Pipedrive token is set (CRM not connected)'}
      {status.lastError ? ` — last error: ${status.lastError}` : ''}.
    </p>
  );
}
