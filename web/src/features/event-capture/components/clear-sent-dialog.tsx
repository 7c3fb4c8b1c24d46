// "Clear sent captures": removes from this device the captures (and photos) the server already has, after
// a confirmation. Unsent ones are never touched. The same happens on its own after the retention period.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { SENT_RETENTION_DAYS, isFullySent } from '../capture-retention';
import { useCaptureStore } from '../capture-store';

export function ClearSentButton() {
  const sent = useCaptureStore((s) => s.captures.filter(isFullySent).length);
  const clearSent = useCaptureStore((s) => s.clearSent);
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');

  async function confirm() {
    const cleared = await clearSent();
    setOpen(false);
    setNote(cleared === 1 ? '1 sent capture cleared from this device.' : `${cleared} sent captures cleared from this device.`);
  }

  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} disabled={sent === 0} className="flex-1 sm:flex-none">
        Clear sent captures
      </Button>
      <p role="status" className="w-full text-sm text-slate-600">
        {note}
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title="Clear sent captures?" description={`${sent === 1 ? '1 capture' : `${sent} captures`} already on the server will be removed from this device.`}>
        <div className="space-y-4 text-sm text-slate-700">
          <p>
            Captures still waiting to be sent stay. Sent captures are also cleared on their own {SENT_RETENTION_DAYS} days after they were sent.
          </p>
          <div className="flex flex-col gap-2 sm:flex-row-reverse">
            <Button variant="danger" onClick={() => void confirm()}>
              Clear sent captures
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} data-autofocus>
              Keep them
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
