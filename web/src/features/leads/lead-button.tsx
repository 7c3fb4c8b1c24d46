// A page's button that opens the lead modal, titled for that button. Before the page's script has run it is
// a link to the landing page's lead form, so a tap is never lost; a pointer over it or focus on it starts
// loading the dialog's code.
import type { ReactNode } from 'react';
import { ProgressiveButton, type ButtonSize, type ButtonVariant } from '../../components/ui/button';
import { LEAD_FORM_HREF } from '../../lib/site-config';
import { preloadLeadDialog, useLeadModal } from './lead-modal';

interface LeadButtonProps {
  /** The dialog's title; the modal's default ('Request a Demo') when left out. */
  title?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
}

export function LeadButton({ title, children, ...styling }: LeadButtonProps) {
  const openLeadModal = useLeadModal();
  return (
    <ProgressiveButton
      fallbackHref={LEAD_FORM_HREF}
      aria-haspopup="dialog"
      onClick={() => openLeadModal(title ? { title } : undefined)}
      onPointerEnter={preloadLeadDialog}
      onFocus={preloadLeadDialog}
      {...styling}
    >
      {children}
    </ProgressiveButton>
  );
}
