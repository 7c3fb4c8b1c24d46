// Shown after a successful sample request: the phone number, Schedule Demo (external
// calendar, new tab) and Close.
import { Button, ExternalButtonLink } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { siteConfig } from '../../lib/site-config';
import { SAMPLE_THANK_YOU_DESCRIPTION, SampleThankYouText } from './sample-thank-you-text';

export function SampleThankYouModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Thank You!" description={SAMPLE_THANK_YOU_DESCRIPTION} closeLabel="Close dialog">
      <SampleThankYouText />
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <ExternalButtonLink href={siteConfig.links.demoScheduling}>Schedule Demo</ExternalButtonLink>
      </div>
    </Modal>
  );
}
