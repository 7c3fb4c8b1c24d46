// The buttons of the campaign pages (/mortgage, /USPSInformedDelivery, /digital-audience): the
// lead modal, the external demo calendar (new tab) and a call link.
import { ExternalButtonLink, ProgressiveButton, buttonClasses } from '../../../components/ui/button';
import { LEAD_FORM_HREF, siteConfig, telHref } from '../../../lib/site-config';
import { Icon } from './icon';

interface CampaignActionsProps {
  leadLabel: string;
  onLead: () => void;
  /** On the dark hero or on a light section. */
  tone?: 'dark' | 'light';
}

export function CampaignActions({ leadLabel, onLead, tone = 'dark' }: CampaignActionsProps) {
  const dark = tone === 'dark';
  return (
    <>
      <ProgressiveButton fallbackHref={LEAD_FORM_HREF} aria-haspopup="dialog" size="lg" variant={dark ? 'accent' : 'primary'} onClick={onLead}>
        {leadLabel}
      </ProgressiveButton>
      <ExternalButtonLink href={siteConfig.links.demoScheduling} size="lg" variant={dark ? 'glass' : 'secondary'}>
        <Icon name="calendar" className="h-5 w-5" />
        Schedule Demo
      </ExternalButtonLink>
      <a href={telHref(siteConfig.phone)} className={buttonClasses(dark ? 'glass' : 'secondary', 'lg')}>
        <Icon name="phone" className="h-5 w-5" />
        Call {siteConfig.phone}
      </a>
    </>
  );
}
