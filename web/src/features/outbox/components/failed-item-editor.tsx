// A refused submission, shown with the server's reasons beside its fields, to fix and resend or discard.
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { discardItem, replayOutbox, resendItem, type OutboxItem } from '../../../lib/outbox';
import { EARLIER_HONEYPOT_FIELD, HONEYPOT_FORM_FIELD } from '@contract';

/** Fields a person typed; machine-made ones (source labels, spam guards, attribution) are not for editing. */
const HIDDEN = new Set([HONEYPOT_FORM_FIELD, EARLIER_HONEYPOT_FIELD, 'elapsedMs', 'leadSource', 'source', 'attribution', 'eventName']);

const LABELS: Record<string, string> = {
  firstName: 'First name', lastName: 'Last name', email: 'Email', company: 'Company', phone: 'Phone',
  industry: 'Industry', volume: 'Volume', message: 'Message', addressLine1: 'Address line 1',
  addressLine2: 'Address line 2', city: 'City', state: 'State', zip: 'ZIP code', sampleType: 'Sample type', notes: 'Notes',
};

export function FailedItemEditor({ item }: { item: OutboxItem }) {
  const editable = Object.entries(item.body).filter(([k, v]) => !HIDDEN.has(k) && (typeof v === 'string' || v == null));
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(editable.map(([k, v]) => [k, (v as string | null) ?? ''])));
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    await resendItem(item.id, { ...item.body, ...values });
    await replayOutbox();
    setBusy(false);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3 rounded-xl border border-red-200 bg-red-50/50 p-4" aria-label={`Refused ${item.kind} submission`}>
      <p className="text-sm text-red-800">
        <span className="font-semibold">Not accepted:</span> {item.error?.message || 'Refused by the server'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {editable.map(([key]) => (
          <TextField
            key={key}
            label={LABELS[key] ?? key}
            name={key}
            value={values[key] ?? ''}
            error={item.error?.fieldErrors[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        ))}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Resend'}
        </Button>
        <Button variant="ghost" onClick={() => void discardItem(item.id)}>
          Discard
        </Button>
      </div>
    </form>
  );
}
