// The lead dialog's title for the controls whose label alone is too short to head the form: the pages word
// their buttons briefly and the dialog says what it is for. Any other control's dialog is titled with the
// control's own label. The pages open the dialog with these, and the browser tests read them from here.
export const DEMO_DIALOG_TITLE = 'Request a Demo';

/** By the control's label. */
export const LEAD_DIALOG_TITLES = {
  'Get Demo': DEMO_DIALOG_TITLE,
  'Get Free Consultation': 'Get Your Free Consultation',
  'Get Started': 'Get Started with Informed Delivery',
} as const;

/** The dialog title a control with this label opens. */
export function leadDialogTitleFor(label: string): string {
  return (LEAD_DIALOG_TITLES as Record<string, string>)[label] ?? label;
}
