// Signing out while captures wait: say so, offer the CSV backup, and keep the captures whatever
// the rep decides; they are sent once anyone signs in again on this device.
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { useCaptureStore } from '../capture-store';
import { isFullySent } from '../capture-retention';

export function SignOutWarning({ onExport }: { onExport: () => void }) {
  const proceed = useCaptureStore((s) => s.pendingSignOut);
  const cancel = useCaptureStore((s) => s.cancelSignOut);
  // A capture whose photo still waits counts as not sent: both stay on the device until both are delivered.
  const unsent = useCaptureStore((s) => s.captures.filter((c) => !isFullySent(c)).length);
  const people = unsent === 1 ? '1 capture has' : `${unsent} captures have`;
  return (
    <Modal
      open={proceed !== null}
      onClose={cancel}
      title="Captures not sent yet"
      description={`${people} not reached the server yet.`}
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>
          They stay on this device after you sign out and are sent as soon as someone signs in here again. If this device may be reset or handed
          back, export a backup first.
        </p>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button variant="secondary" onClick={onExport} data-autofocus>
            Export CSV
          </Button>
          <Button variant="danger" onClick={() => proceed?.()}>
            Sign out anyway
          </Button>
          <Button variant="ghost" onClick={cancel}>
            Stay signed in
          </Button>
        </div>
      </div>
    </Modal>
  );
}
