// The lead capture's front door: the lead form (inline), the modal with its provider, opener and titles, the
// page buttons that open it, and the thank-you text of the no-script answer page.
export { LeadButton } from './lead-button';
export { LEAD_DIALOG_TITLES } from './lead-dialog-titles';
export { LeadForm } from './lead-form';
export { LeadModalProvider, useLeadModal } from './lead-modal';
export { LeadThankYouText } from './lead-thank-you-text';
