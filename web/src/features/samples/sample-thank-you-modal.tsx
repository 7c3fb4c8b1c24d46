// Shown after a successful sample request: the phone number, Schedule Demo (external
// calendar, new tab) and Close.
import { Button, ExternalButtonLink } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { siteConfig, telHref } from '../../lib/site-config';

export function SampleThankYouModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Thank You!" description="Your free sample pack is on its way." closeLabel="Close dialog">
      <div className="space-y-4 text-slate-700">
        <p>Expect your samples within 3-5 business days. While you wait, a specialist can walk you through a campaign built for your audience.</p>
        <p>
          Questions? Call us at{' '}
          <a href={telHref(siteConfig.phone)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {siteConfig.phone}
          </a>
          .
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
        <ExternalButtonLink href={siteConfig.links.demoScheduling}>Schedule Demo</ExternalButtonLink>
      </div>
    </Modal>
  );
}
