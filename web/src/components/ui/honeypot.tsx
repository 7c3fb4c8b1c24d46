// The public forms' honeypot. `hidden` (display: none) keeps it out of sight, out of the tab order and away
// from assistive technology, and browsers' autofill only fills fields a person can focus, so it stays empty
// for people; a bot that fills every input in the HTML fills it. Its name (HONEYPOT_FORM_FIELD) and neutral
// label match nothing autofill looks for either.
import { HONEYPOT_FORM_FIELD } from '@contract';

export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <div hidden>
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FORM_FIELD} type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
