// What the last scan did to the form, in one place the rep can read at a glance.
import { LABEL, type Field } from '../form/capture-fields';
import type { ScanNoteData } from '../form/use-capture-scan';

export function ScanNote({ note }: { note: ScanNoteData }) {
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
