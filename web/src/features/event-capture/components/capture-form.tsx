// One person after another, one-handed on a phone: Scan, the name, e-mail and company, (the rating) and Save
// fit the first screen; phone, industry, volume and notes open under "More details". Save stores the capture
// on this device (outbox and capture list) and never waits on the network: the form clears and focus goes
// where the next capture starts (Scan after a scanned badge, First name after a typed one). Enter in any
// field saves; in Notes, Ctrl/⌘+Enter.
import { useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { INDUSTRIES, VOLUMES, captureInputSchema, fieldErrors, normaliseEmail } from '@contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { useCaptureStore } from '../capture-store';
import type { CaptureScan } from '../capture-types';
import { SCAN_MARKS, useBadgeScan, type ScanOutcome } from '../use-badge-scan';
import { ScanDialog } from './scan-dialog';
// Qualification, consent and photo: their own controls and draft, merged into the capture on Save.
import { draftFields, useCaptureDraft } from '../capture-draft';
import { ConsentField } from './consent-field';
import { PhotoButton, PhotoPreview } from './photo-button';
import { FollowUpField, InterestsField, RatingField } from './qualify-fields';

const EMPTY = { firstName: '', lastName: '', email: '', company: '', phone: '', industry: '', volume: '', notes: '' };
type Field = keyof typeof EMPTY;
const ORDER: Field[] = ['firstName', 'lastName', 'email', 'company', 'phone', 'industry', 'volume', 'notes'];
/** Behind "More details": asked less often than a badge or a rep can answer at once. */
const DETAILS: Field[] = ['phone', 'industry', 'volume', 'notes'];
const LABEL: Record<Field, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  company: 'Company',
  phone: 'Phone',
  industry: 'Industry',
  volume: 'Monthly volume',
  notes: 'Notes',
};
const idOf = (field: Field) => `capture-${field}`;
export const SCAN_BUTTON_ID = 'capture-scan';
const SAVE_BUTTON_ID = 'capture-save';

/**
 * The scan dialog gives focus back to the Scan button once it has closed (after its closing transition); the
 * rep's next step is elsewhere. So each frame, while the dialog is still there and for a few frames after,
 * focus that lands on the Scan button or nowhere is moved to the next step.
 */
function focusAfterDialog(id: string) {
  const until = performance.now() + 2000;
  let framesAfterClose = 10;
  const tick = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === SCAN_BUTTON_ID) document.getElementById(id)?.focus();
    if (!document.querySelector('[role="dialog"]')) framesAfterClose--;
    if (framesAfterClose > 0 && performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

interface CaptureFormProps {
  eventName: string;
}

export function CaptureForm({ eventName }: CaptureFormProps) {
  const save = useCaptureStore((s) => s.save);
  const captures = useCaptureStore((s) => s.captures);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // Stays as the rep left it from one person to the next: a rep who always notes the phone keeps it open.
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The badge behind the current person, and the fields its scan filled that the rep has not changed since:
  // a second scan may replace those, never what the rep typed.
  const [scan, setScan] = useState<CaptureScan | null>(null);
  const [scanFilled, setScanFilled] = useState<ReadonlySet<Field>>(new Set());
  const [scanNote, setScanNote] = useState<Note | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = useRef(false);
  // Fields typed into while a capture is being stored: they already belong to the next person, and the reset
  // after the save must not wipe them (a rep starts on the next badge without waiting for the device).
  const typedWhileSaving = useRef(new Set<Field>());

  const scanner = useBadgeScan({
    onScanned: (outcome) => {
      const next = { ...values };
      const filled = new Set<Field>();
      const kept: Field[] = [];
      for (const [field, value] of Object.entries(outcome.contact) as [Field, string][]) {
        if (!values[field] || scanFilled.has(field)) {
          next[field] = value;
          filled.add(field);
        } else if (values[field] !== value) kept.push(field);
      }
      setValues(next);
      performance.mark(SCAN_MARKS.filled);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !filled.has(f as Field))));
      setScan(outcome.scan);
      setScanFilled(filled);
      setScanNote({ ...outcome, filled: ORDER.filter((f) => filled.has(f)), kept, duplicate: isDuplicate(outcome) });
      // "More details" stays as it was (its summary counts what was filled), so the names the rep checks and
      // Save stay in the first screen. The rep completes from the first field the badge did not give; with
      // all given, Save is next.
      const gap = ORDER.find((f) => !DETAILS.includes(f) && !next[f]);
      focusAfterDialog(gap ? idOf(gap) : SAVE_BUTTON_ID);
    },
  });

  function isDuplicate(outcome: ScanOutcome): boolean {
    // The same person as the server decides it (a second capture at the event merges): the same normalised address.
    const email = outcome.contact.email && normaliseEmail(outcome.contact.email);
    return captures.some((c) => c.eventName === eventName && ((email && normaliseEmail(c.fields.email) === email) || c.scan?.rawPayload === outcome.scan.rawPayload));
  }

  const bind = (field: Field) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      if (saving.current) typedWhileSaving.current.add(field);
      setValues((v) => ({ ...v, [field]: value }));
      if (scanFilled.has(field)) setScanFilled((s) => new Set([...s].filter((f) => f !== field)));
      if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
    },
  });

  function focusField(field: Field) {
    if (DETAILS.includes(field) && !detailsOpen) {
      setDetailsOpen(true);
      requestAnimationFrame(() => document.getElementById(idOf(field))?.focus());
    } else document.getElementById(idOf(field))?.focus();
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving.current) return;
    const parsed = captureInputSchema.safeParse({ ...values, ...draftFields(), eventName });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error) as Partial<Record<Field, string>>;
      setErrors(found);
      setAnnouncement('');
      const first = ORDER.find((f) => found[f]);
      if (first) focusField(first);
      return;
    }
    saving.current = true;
    typedWhileSaving.current.clear();
    try {
      const { eventName: _event, ...fields } = parsed.data;
      await save(fields, scan ?? undefined, useCaptureDraft.getState().photo);
      useCaptureDraft.getState().reset();
      const kept = typedWhileSaving.current;
      setValues((current) => {
        const next = { ...EMPTY };
        for (const field of kept) next[field] = current[field];
        return next;
      });
      setErrors({});
      setSaveError(null);
      setScan(null);
      setScanFilled(new Set());
      setScanNote(null);
      setAnnouncement(`Saved ${fields.firstName} ${fields.lastName}. Ready for the next person.`);
      // Focus goes back to the start of the form, unless the rep is already typing the next person.
      if (kept.size === 0) document.getElementById(scan ? SCAN_BUTTON_ID : idOf('firstName'))?.focus();
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

  const detailsGiven = DETAILS.filter((f) => values[f]).length;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Capture a person" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:space-y-4 sm:p-6">
      <div className="flex flex-wrap gap-2">
        <Button id={SCAN_BUTTON_ID} variant="secondary" className="flex-1 py-2.5" onClick={() => void scanner.start()} disabled={scanner.starting} aria-describedby={scanner.problem ? 'capture-scan-problem' : undefined}>
          <span aria-hidden="true">▣</span> {scanner.starting ? 'Starting the camera…' : 'Scan badge'}
        </Button>
        <PhotoButton />
      </div>
      {scanner.problem ? (
        <p id="capture-scan-problem" role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
          {scanner.problem}
        </p>
      ) : null}
      {scanNote ? <ScanNote note={scanNote} /> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <TextField label="First name" required autoComplete="off" autoCapitalize="words" {...bind('firstName')} />
        <TextField label="Last name" required autoComplete="off" autoCapitalize="words" {...bind('lastName')} />
        <div className="col-span-2">
          <TextField label="Email" required type="email" inputMode="email" autoComplete="off" autoCapitalize="none" spellCheck={false} {...bind('email')} />
        </div>
        <div className="col-span-2">
          <TextField label="Company" autoComplete="off" {...bind('company')} />
        </div>
      </div>
      <RatingField />
      <details open={detailsOpen} onToggle={(e) => setDetailsOpen(e.currentTarget.open)} className="group rounded-lg border border-slate-200">
        <summary className="flex cursor-pointer list-none items-baseline gap-1 rounded-lg px-3 py-1.5 text-sm font-semibold text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">›</span>
          <span className="shrink-0">More details</span>
          <span className="truncate font-normal text-slate-600">
            {detailsGiven ? `${detailsGiven} filled · ` : ''}phone, industry, volume, notes, interests, follow-up
          </span>
        </summary>
        <div className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 sm:gap-4">
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
          <div className="space-y-4 sm:col-span-2">
            <InterestsField />
            <FollowUpField />
          </div>
        </div>
      </details>
      <PhotoPreview />
      <ConsentField />
      {saveError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {saveError}
        </p>
      ) : null}
      <Button id={SAVE_BUTTON_ID} type="submit" size="lg" className="w-full">
        Save
      </Button>
      <p role="status" className="text-center text-sm text-slate-600 empty:hidden">
        {announcement}
      </p>
      <ScanDialog stream={scanner.stream} reader={scanner.reader} onCode={scanner.read} onClose={scanner.stop} />
    </form>
  );
}

type Note = ScanOutcome & { filled: Field[]; kept: Field[]; duplicate: boolean };

/** What the scan did to the form, in one place the rep can read at a glance. */
function ScanNote({ note }: { note: Note }) {
  const { filled, kept } = note;
  const names = (fields: Field[]) => fields.map((f) => LABEL[f]).join(', ');
  return (
    <div role="status" className="space-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-brand-100" data-testid="scan-note">
      {note.duplicate ? <p className="font-semibold text-amber-900">Already captured at this event — saving will add to it.</p> : null}
      {note.recognised && filled.length ? <p>Badge read: filled {names(filled)}.</p> : null}
      {note.recognised && !filled.length ? <p>Badge read: nothing new to fill.</p> : null}
      {!note.recognised ? <p>Badge not recognised: saved as scanned — complete the fields.</p> : null}
      {kept.length ? <p>Kept what you typed in {names(kept)}.</p> : null}
      {note.clipped ? <p>The code held more text than a capture keeps; the start of it is saved.</p> : null}
    </div>
  );
}
