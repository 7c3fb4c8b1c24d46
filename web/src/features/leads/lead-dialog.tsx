// The lead form in a modal: closing its Thank You view closes the modal.
import { Modal } from '../../components/ui/dialog';
import { LeadForm } from './lead-form';

export default function LeadDialog({ open, onClose, title }: { open: boolean; onClose: () => void; title: string }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      description="Tell us about your mailing program and a specialist will get back to you within one business day."
      size="lg"
      closeLabel="Close dialog"
    >
      <LeadForm mode="modal" label={title} onDone={onClose} />
    </Modal>
  );
}
