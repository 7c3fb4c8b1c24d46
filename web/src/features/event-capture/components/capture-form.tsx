// One person after another (issue 6): the lead form's fields and rules, plus notes. Save stores the capture
// on this device (outbox and capture list) and never waits on the network: the form clears and the first
// field takes focus at once, ready for the next person. Enter in any field saves; in Notes, Ctrl/⌘+Enter.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { INDUSTRIES, VOLUMES, captureInputSchema, fieldErrors } from '@contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { useCaptureStore } from '../capture-store';
// Qualification, consent and photo (issue 12): their own controls and draft, merged into the capture on Save.
import { draftFields, useCaptureDraft } from '../capture-draft';
import { ConsentField } from './consent-field';
import { PhotoButton } from './photo-button';
import { FollowUpField, InterestsField, RatingField } from './qualify-fields';

const EMPTY = { firstName: '', lastName: '', email: '', company: '', phone: '', industry: '', volume: '', notes: '' };
type Field = keyof typeof EMPTY;
const ORDER: Field[] = ['firstName', 'lastName', 'email', 'company', 'phone', 'industry', 'volume', 'notes'];
const idOf = (field: Field) => `capture-${field}`;

export function CaptureForm({ eventName }: { eventName: string }) {
  const save = useCaptureStore((s) => s.save);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const saving = useRef(false);

  const bind = (field: Field) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
    },
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving.current) return;
    const parsed = captureInputSchema.safeParse({ ...values, ...draftFields(), eventName });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<Field, string>>;
      setErrors(found);
      setAnnouncement('');
      const first = ORDER.find((f) => found[f]);
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    saving.current = true;
    try {
      const { eventName: _event, ...fields } = parsed.data;
      await save(fields, useCaptureDraft.getState().photo);
      useCaptureDraft.getState().reset();
      setValues(EMPTY);
      setErrors({});
      setSaveError(null);
      setAnnouncement(`Saved ${fields.firstName} ${fields.lastName}. Ready for the next person.`);
      document.getElementById(idOf('firstName'))?.focus();
    } catch (error) {
      // IndexedDB refused (storage full, private mode): keep what was typed, say so plainly.
      setSaveError(`Could not save on this device: ${error instanceof Error ? error.message : String(error)}. Nothing was lost from the form; try again, or write it down.`);
    } finally {
      saving.current = false;
    }
  }

  function onNotesKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      formRef.current?.requestSubmit();
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Capture a person" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required autoComplete="off" autoCapitalize="words" {...bind('firstName')} />
        <TextField label="Last name" required autoComplete="off" autoCapitalize="words" {...bind('lastName')} />
        <TextField label="Email" required type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} {...bind('email')} />
        <TextField label="Company" autoComplete="off" {...bind('company')} />
        <div className="sm:col-span-2">
          <RatingField />
        </div>
        <TextField label="Phone" type="tel" inputMode="tel" autoComplete="off" {...bind('phone')} />
        <SelectField label="Industry" {...bind('industry')}>
          <option value="">Not given</option>
          {INDUSTRIES.map((i) => (
            <option key={i.value} value={i.value}>
              {i.label}
            </option>
          ))}
        </SelectField>
        <div className="sm:col-span-2">
          <SelectField label="Monthly volume" {...bind('volume')}>
            <option value="">Not given</option>
            {VOLUMES.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Notes" rows={3} hint="Ctrl+Enter saves from here." onKeyDown={onNotesKeyDown} {...bind('notes')} />
        </div>
      </div>
      <div className="space-y-4">
        <InterestsField />
        <FollowUpField />
        <ConsentField />
        <PhotoButton />
      </div>
      {saveError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {saveError}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full">
        Save
      </Button>
      <p role="status" className="text-center text-sm text-slate-600">
        {announcement}
      </p>
    </form>
  );
}
