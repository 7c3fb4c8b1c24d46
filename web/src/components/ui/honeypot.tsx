// The public forms' honeypot: empty for people, filled by a bot that fills every input in the HTML.
// Marked so that no browser's autofill fills it either:
// - `hidden` (display: none) takes it out of sight, out of the tab order and out of the accessibility tree
//   (aria-hidden and tabIndex=-1 say the same to anything that ignores the style). Chromium fills only
//   focusable fields, and Firefox and Safari only fields that are shown;
// - its name and id (HONEYPOT_FORM_FIELD) and its label match none of the words autofill heuristics look for;
// - autocomplete="one-time-code": a valid token (WHATWG autofill field names) that no address, contact or
//   payment profile fills. Chromium ignores autocomplete="off" on a field it takes for an e-mail or address.
// e2e/tests/public/honeypot-autofill.spec.ts fills the forms from a saved Chromium address profile.
import { HONEYPOT_FORM_FIELD } from '@contract';

export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div hidden aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FORM_FIELD} type="text" tabIndex={-1} autoComplete="one-time-code" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
