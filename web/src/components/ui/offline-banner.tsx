// "Offline — showing data from <time>": shown while the admin's data came from the cache.
import { format } from 'date-fns';
import { OFFLINE_WRITE_REASON, useOfflineDataStore, useWritesPaused } from '../../lib/offline-data';
import { useNoticeOwned } from '../../lib/screen-notices';
import { OFFLINE_REASON_ID } from './write-button';

export function OfflineBanner() {
  const cachedAt = useOfflineDataStore((s) => s.cachedAt);
  const paused = useWritesPaused();
  // A screen that works offline (event capture) says so itself: "changes can't be saved" is not true there.
  const owned = useNoticeOwned('offline-banner');
  if (!paused || owned) return null;
  const when = cachedAt ? format(new Date(cachedAt), "MMM d, yyyy 'at' h:mm a") : null;
  return (
    <div role="status" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="offline-banner">
      <p className="font-semibold">{when ? `Offline — showing data from ${when}` : 'Offline'}</p>
      <p id={OFFLINE_REASON_ID}>{OFFLINE_WRITE_REASON}</p>
    </div>
  );
}
