// An admin's view of one staff member's devices: sign out one, or every one.
import type { StaffMember } from '@contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { WriteButton } from '../../../components/ui/write-button';
import { useMemberDevicesStore } from '../devices-store';
import { deviceName } from '../device-text';
import { DeviceList } from './device-list';

export function MemberDevicesDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const devices = useMemberDevicesStore((s) => s.devices);
  const status = useMemberDevicesStore((s) => s.status);
  const error = useMemberDevicesStore((s) => s.error);
  const ending = useMemberDevicesStore((s) => s.ending);
  const endingMany = useMemberDevicesStore((s) => s.endingMany);
  const { load, end, endMany } = useMemberDevicesStore.getState();

  return (
    <Modal open={member !== null} onClose={onClose} title={member ? `Devices of ${member.name}` : ''} description="Each device signed in to this account now. Signing one out ends its session at once." size="lg">
      {status === 'error' ? (
        <ErrorPanel title="The devices could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' ? (
        <LoadingText>Loading devices...</LoadingText>
      ) : devices.length === 0 ? (
        <EmptyText>Not signed in on any device</EmptyText>
      ) : (
        <div className="space-y-4">
          <DeviceList
            devices={devices}
            action={(device) => (
              <WriteButton variant="secondary" size="sm" onClick={() => void end(device)} disabled={ending.has(device.id)}>
                Sign out<span className="sr-only"> {deviceName(device)}</span>
              </WriteButton>
            )}
          />
          <WriteButton variant="danger" onClick={() => void endMany()} disabled={endingMany}>
            Sign out everywhere
          </WriteButton>
        </div>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
