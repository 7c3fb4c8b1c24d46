// The confirmation before an erasure: what goes, what cannot, and the address typed again, so nobody erases
// the wrong person with one stray click. Headless UI's dialog keeps focus inside and closes on Escape.
import { useId, useState, type FormEvent } from 'react';
import { normaliseEmail, type PersonRecords } from '@contract';
import { Modal } from '../../../components/ui/dialog';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { WriteButton } from '../../../components/ui/write-button';
import { usePersonStore } from '../person-store';
import { listed, plural } from '../counts';
import { NotErasedList } from './not-erased-list';

export function EraseDialog({ records, open, onClose }: { records: PersonRecords; open: boolean; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const erase = usePersonStore((s) => s.erase);
  const erasing = usePersonStore((s) => s.erasing);
  const limitsId = useId();
  // The address typed again counts in any case or Unicode form, as the erasure itself compares it.
  const matches = normaliseEmail(typed) === normaliseEmail(records.email);
  const photos = records.captures.filter((c) => c.photo).length;
  const goes = listed([
    ...(records.leads.length ? [plural(records.leads.length, 'lead')] : []),
    ...(records.sampleRequests.length ? [plural(records.sampleRequests.length, 'sample request')] : []),
    ...(records.captures.length ? [plural(records.captures.length, 'capture')] : []),
    ...(photos ? [plural(photos, 'card photo')] : []),
  ]);
  const inPipedrive = listed([
    ...(records.pipedrive.persons ? [plural(records.pipedrive.persons, 'person')] : []),
    ...(records.pipedrive.deals ? [plural(records.pipedrive.deals, 'deal')] : []),
  ]);
  const close = () => {
    setTyped('');
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (matches && (await erase())) close();
  };
  return (
    <Modal open={open} onClose={close} title="Erase this person everywhere?" description={records.email} size="lg">
      <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-describedby={limitsId}>
        <p className="text-sm text-slate-700">
          Erased for good, with their consent records, attribution and stored form answers: <strong>{goes}</strong>.
          {inPipedrive !== 'nothing' ? (
            <>
              {' '}
              In Pipedrive, the product deletes what it made: <strong>{inPipedrive}</strong>, with their notes.
            </>
          ) : null}{' '}
          This cannot be undone.
        </p>
        <div id={limitsId}>
          <p className="text-sm font-semibold text-slate-900">Not reached by an erasure</p>
          <NotErasedList className="mt-1" />
        </div>
        {/* Headless UI's Dialog puts focus here first (data-autofocus): the one thing to do next is to type. */}
        <TextField
          label="Type the e-mail address to confirm"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <WriteButton type="submit" variant="danger" disabled={!matches || erasing}>
            {erasing ? 'Erasing…' : 'Erase everywhere'}
          </WriteButton>
        </div>
      </form>
    </Modal>
  );
}
