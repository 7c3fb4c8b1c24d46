// The signed-in person's own devices: "Sign out this device" on the one in hand, "Sign out" on each other one,
// and "Sign out everywhere else".
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { WriteButton } from '../../../components/ui/write-button';
import { useMyDevicesStore } from '../devices-store';
import { deviceName } from '../device-text';
import { DeviceList } from './device-list';

/** `onSignOutThisDevice` signs this device out the way the Sign out link does (its cached data first). */
export function MyDevices({ onSignOutThisDevice }: { onSignOutThisDevice: () => void }) {
  const devices = useMyDevicesStore((s) => s.devices);
  const status = useMyDevicesStore((s) => s.status);
  const error = useMyDevicesStore((s) => s.error);
  const ending = useMyDevicesStore((s) => s.ending);
  const endingMany = useMyDevicesStore((s) => s.endingMany);
  const { load, end, endMany } = useMyDevicesStore.getState();

  useEffect(() => {
    void useMyDevicesStore.getState().load();
  }, []);

  const others = devices.filter((d) => !d.current).length;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Signed-in devices</h2>
        {others > 0 ? (
          <WriteButton variant="secondary" onClick={() => void endMany()} disabled={endingMany}>
            Sign out everywhere else
          </WriteButton>
        ) : null}
      </div>
      {status === 'error' ? (
        <ErrorPanel title="Your devices could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && devices.length === 0 ? (
        <LoadingText>Loading your devices...</LoadingText>
      ) : devices.length === 0 ? (
        <EmptyText>No signed-in devices</EmptyText>
      ) : (
        <DeviceList
          devices={devices}
          action={(device) =>
            device.current ? (
              <Button variant="secondary" size="sm" onClick={onSignOutThisDevice}>
                Sign out this device
              </Button>
            ) : (
              <WriteButton variant="secondary" size="sm" onClick={() => void end(device)} disabled={ending.has(device.id)}>
                Sign out<span className="sr-only"> {deviceName(device)}</span>
              </WriteButton>
            )
          }
        />
      )}
    </div>
  );
}
