// Every 25 unsent captures the rep is offered the CSV backup: a phone that is lost, reset or short of space
// would otherwise take them along. A notice rather than a dialog, so the next person's capture is not held up
// and focus stays on the form.
import { Button } from '../../../components/ui/button';
import { useCaptureStore } from '../capture-store';

export function BackupPrompt({ onExport }: { onExport: () => void }) {
  const due = useCaptureStore((s) => s.backupDue);
  const dismiss = useCaptureStore((s) => s.dismissBackup);
  if (due === null) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{due} captures are not sent yet.</span> Download a backup in case this device is lost or cleared.
      </p>
      <Button
        size="sm"
        onClick={() => {
          onExport();
          dismiss();
        }}
      >
        Download backup CSV
      </Button>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Not now
      </Button>
    </div>
  );
}
