// The typed part of a capture: which fields there are, in which order, which open under "More details", what
// each is called, and the ids the form's controls carry (focus moves between them by id).

export const EMPTY_FIELDS = { firstName: '', lastName: '', email: '', company: '', phone: '', industry: '', volume: '', notes: '' };
export type Field = keyof typeof EMPTY_FIELDS;
export type FieldValues = typeof EMPTY_FIELDS;
export type FieldErrors = Partial<Record<Field, string>>;

/** The form's order: focus and the first error follow it. */
export const ORDER: readonly Field[] = ['firstName', 'lastName', 'email', 'company', 'phone', 'industry', 'volume', 'notes'];
/** Behind "More details": asked less often than a badge or a rep can answer at once. */
export const DETAILS: readonly Field[] = ['phone', 'industry', 'volume', 'notes'];
export const LABEL: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  phone: 'Phone',
  industry: 'Industry',
  volume: 'Monthly volume',
  notes: 'Notes',
};

export const idOf = (field: Field) => `capture-${field}`;
export const SCAN_BUTTON_ID = 'capture-scan';
export const SAVE_BUTTON_ID = 'capture-save';
