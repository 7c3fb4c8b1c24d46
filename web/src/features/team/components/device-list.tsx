// A list of signed-in devices: what each is, when it signed in and was last active, this device marked, and the
// action a row offers (sign it out). Used for one's own devices and for an admin's view of someone's.
import type { ReactNode } from 'react';
import type { DeviceSession } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';
import { deviceKind, deviceName } from '../device-text';

interface DeviceListProps {
  devices: DeviceSession[];
  action: (device: DeviceSession) => ReactNode;
}

export function DeviceList({ devices, action }: DeviceListProps) {
  return (
    <ul aria-label="Devices" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {devices.map((device) => (
        <li key={device.id} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
              <span>{deviceName(device)}</span>
              <Badge tone="neutral">{deviceKind(device)}</Badge>
              {device.current ? <Badge tone="brand">This device</Badge> : null}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {device.signedInAt ? (
                <>
                  Signed in <time dateTime={device.signedInAt}>{formatDateTime(device.signedInAt)}</time>
                </>
              ) : (
                'Signed in before devices were recorded'
              )}
              {device.lastActiveAt ? (
                <>
                  {' · '}Last active <time dateTime={device.lastActiveAt}>{formatDateTime(device.lastActiveAt)}</time>
                </>
              ) : null}
            </p>
          </div>
          <div className="shrink-0">{action(device)}</div>
        </li>
      ))}
    </ul>
  );
}
