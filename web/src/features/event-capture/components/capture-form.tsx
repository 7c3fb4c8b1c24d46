// One person after another, one-handed on a phone: Scan, the name, e-mail and company, (the rating) and Save
// fit the first screen; phone, industry, volume and notes open under "More details". Save stores the capture
// on this device (outbox and capture list) and never waits on the network: the form clears, "Saved …" shows at
// the top for a few seconds, and focus goes where the next capture starts (Scan after a scanned badge, First
// name after a typed one). Enter in any field saves; in Notes, Ctrl/⌘+Enter.
//
// This component lays the form out and runs Save's steps in order; each concern has its own part under
// ../form: the fields' state (use-capture-fields), scan merging (use-capture-scan, scan-merge), validation
// (capture-validation), focus (capture-focus) and saving (use-capture-save).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { INDUSTRIES, LIMITS, VOLUMES } from '@contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { DETAILS, SAVE_BUTTON_ID, SCAN_BUTTON_ID } from '../form/capture-fields';
import { focusField, focusNextCapture } from '../form/capture-focus';
import { checkCapture } from '../form/capture-validation';
import { useCaptureFields } from '../form/use-capture-fields';
import { useCaptureSave } from '../form/use-capture-save';
import { useCaptureScan } from '../form/use-capture-scan';
import { SavedNotice } from './saved-notice';
import { ScanDialog } from './scan-dialog';
import { ScanNote } from './scan-note';
// Qualification, consent and photo: their own controls and draft, merged into the capture on Save.
import { ConsentField } from './consent-field';
import { PhotoButton, PhotoPreview } from './photo-button';
import { FollowUpField, InterestsField, RatingField } from './qualify-fields';

interface CaptureFormProps {
  eventName: string;
}

export function CaptureForm({ eventName }: CaptureFormProps) {
  const fields = useCaptureFields({ onTyped: (field) => scan.typed(field) });
  const scan = useCaptureScan({ eventName, values: fields.values, onFill: fields.fill });
  const saver = useCaptureSave();
  // Stays as the rep left it from one person to the next: a rep who always notes the phone keeps it open.
  const [detailsOpen, setDetailsOpen] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const { bind, values } = fields;
  const { scanner } = scan;
  // Save pressed while the previous person was being stored: once that is done, pressed again for the rep when
  // they had typed the next person meanwhile (a double tap on one person still saves it once). Submitted after
  // the form has re-rendered with what was kept, so the check reads the next person, not the last.
  const pressedWhileSaving = useRef(false);
  // From a save's end until the form has re-rendered without the saved person: a press in that moment would read
  // the saved person's values again and store them twice (a double tap on a slow phone did, in CI).
  const settling = useRef(false);
  const [saveAgain, setSaveAgain] = useState(0);
  useEffect(() => {
    if (!settling.current) return;
    settling.current = false;
    // A press that fell in that moment: for the next person, if the rep had typed one.
    if (pressedWhileSaving.current && Object.values(values).some(Boolean)) setSaveAgain((n) => n + 1);
    pressedWhileSaving.current = false;
  }, [values]);
  useEffect(() => {
    if (saveAgain) formRef.current?.requestSubmit();
  }, [saveAgain]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saver.busy() || settling.current) {
      pressedWhileSaving.current = true;
      return;
    }
    const check = checkCapture(values, eventName);
    if (!check.ok) {
      fields.showErrors(check.errors);
      saver.clearConfirmation();
      if (check.first) focusField(check.first, detailsOpen, () => setDetailsOpen(true));
      return;
    }
    const scanned = scan.scan !== null;
    fields.beginHandOver();
    pressedWhileSaving.current = false;
    const saved = await saver.save(check.fields, scan.scan);
    const typingNext = fields.endHandOver(saved);
    const pressedAgain = pressedWhileSaving.current;
    pressedWhileSaving.current = false;
    if (!saved) return;
    settling.current = true;
    scan.reset();
    if (pressedAgain && typingNext) {
      setSaveAgain((n) => n + 1);
      return;
    }
    // Focus goes back to the start of the form, unless the rep is already typing the next person.
    if (!typingNext) focusNextCapture(scanned);
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
      {scan.note ? <ScanNote note={scan.note} /> : null}
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
            <TextAreaField label="Notes" rows={3} hint="Ctrl+Enter saves from here." maxChars={LIMITS.longText} onKeyDown={onNotesKeyDown} {...bind('notes')} />
          </div>
          <div className="space-y-4 sm:col-span-2">
            <InterestsField />
            <FollowUpField />
          </div>
        </div>
      </details>
      <PhotoPreview />
      <ConsentField />
      {saver.error ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {saver.error}
        </p>
      ) : null}
      <Button id={SAVE_BUTTON_ID} type="submit" size="lg" className="w-full">
        Save
      </Button>
      <SavedNotice confirmation={saver.confirmation} />
      <ScanDialog stream={scanner.stream} reader={scanner.reader} onCode={scanner.read} onClose={scanner.stop} />
    </form>
  );
}
