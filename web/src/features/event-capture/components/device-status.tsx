// What this device holds for the rep: unsent captures and photos, the storage used, and whether the
// browser promised to keep it (navigator.storage.persist). Without that promise a browser short of space
// may evict the site's data, unsent captures included: the rep should then export a backup more often.
import { useEffect, useState } from 'react';
import { countsOf, useCaptureStore } from '../capture-store';

interface StorageInfo {
  usage: number | null;
  persisted: boolean | null;
}

function useStorageInfo(refreshKey: unknown): StorageInfo {
  const [info, setInfo] = useState<StorageInfo>({ usage: null, persisted: null });
  useEffect(() => {
    const storage = navigator.storage as StorageManager | undefined;
    if (!storage) return;
    let live = true;
    void Promise.all([storage.estimate?.().catch(() => undefined), storage.persisted?.().catch(() => null)]).then(([estimate, persisted]) => {
      if (live) setInfo({ usage: estimate?.usage ?? null, persisted: persisted ?? null });
    });
    return () => {
      live = false;
    };
  }, [refreshKey]);
  return info;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function DeviceStatus() {
  const captures = useCaptureStore((s) => s.captures);
  const counts = countsOf(captures);
  const unsent = counts.waiting + counts.attention;
  const { usage, persisted } = useStorageInfo(captures);
  return (
    <section aria-labelledby="device-status-heading" className="rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
      <h3 id="device-status-heading" className="font-semibold text-slate-900">
        On this device
      </h3>
      <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
        <dt>Unsent captures</dt>
        <dd className="text-right font-medium text-slate-900" data-testid="unsent-captures">
          {unsent}
        </dd>
        <dt>Unsent photos</dt>
        <dd className="text-right font-medium text-slate-900" data-testid="unsent-photos">
          {counts.photosWaiting}
        </dd>
        <dt>Storage used</dt>
        <dd className="text-right font-medium text-slate-900">{usage === null ? 'Unknown' : formatBytes(usage)}</dd>
        <dt>Kept by the browser</dt>
        <dd className="text-right font-medium text-slate-900" data-testid="storage-persisted">
          {persisted === null ? 'Unknown' : persisted ? 'Yes' : 'Not guaranteed'}
        </dd>
      </dl>
      {persisted === false ? (
        <p className="mt-2 text-xs text-slate-600">This browser may clear the site's data when the phone runs short of space: export a backup now and then.</p>
      ) : null}
    </section>
  );
}

/** Other accounts' captures on this device: counted and named by account, never listed or sent under this one. */
export function OthersWaitingNotice() {
  const others = useCaptureStore((s) => s.others);
  if (!others.length) return null;
  return (
    <div role="status" className="space-y-1 rounded-xl bg-slate-100 px-4 py-3 text-sm text-slate-800 ring-1 ring-slate-200">
      {others.map(({ name, count }) => (
        <p key={name}>
          {count === 1 ? '1 capture' : `${count} captures`} made on this device by another account: waiting for {name} to sign in. They are sent only
          under that account.
        </p>
      ))}
    </div>
  );
}
