// An admin gives a lead to any active staff member, takes it from them, or leaves it with nobody (issue #31):
// an Owner select and Assign. The server checks again that the person is active (400 on the field) and that the
// caller is an admin (403); its answer is the lead as it now stands. A rep never sees this form.
import { useEffect, useState, type FormEvent } from 'react';
import type { Lead, LeadOwner } from '@contract';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import { describeError, ServerError } from '../../../lib/server-error';
import { assignLead, fetchAssignableStaff } from '../leads-api';

const NOBODY = '';

type Staff = { state: 'loading' } | { state: 'ready'; people: LeadOwner[] } | { state: 'error'; message: string };

export function LeadAssignForm({ lead, onAssigned }: { lead: Lead; onAssigned: (lead: Lead) => void }) {
  const [staff, setStaff] = useState<Staff>({ state: 'loading' });
  const [chosen, setChosen] = useState(lead.owner ? String(lead.owner.id) : NOBODY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    fetchAssignableStaff()
      .then((people) => {
        if (current) setStaff({ state: 'ready', people });
      })
      .catch((failure: unknown) => {
        if (current) setStaff({ state: 'error', message: describeError(failure) });
      });
    return () => {
      current = false;
    };
  }, []);

  // When the lead's owner changes (taken in this dialog, or assigned here), the select starts again from them.
  const ownerId = lead.owner?.id ?? null;
  const [startedFrom, setStartedFrom] = useState(ownerId);
  if (startedFrom !== ownerId) {
    setStartedFrom(ownerId);
    setChosen(ownerId === null ? NOBODY : String(ownerId));
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onAssigned(await assignLead(lead.id, chosen === NOBODY ? null : Number(chosen)));
    } catch (failure) {
      // A 400 names the field (the person is no longer active): its own words read better than the status line.
      setError(failure instanceof ServerError && failure.fieldErrors.userId ? failure.fieldErrors.userId : describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const people = staff.state === 'ready' ? staff.people : [];
  // A deactivated owner is no longer offered, yet the select must still show who has the lead now.
  const options = lead.owner && !people.some((p) => p.id === lead.owner!.id) ? [lead.owner, ...people] : people;
  const shownError = error ?? (staff.state === 'error' ? `The staff list could not be loaded: ${staff.message}` : undefined);
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-3">
      <SelectField label="Owner" value={chosen} onChange={(event) => setChosen(event.target.value)} className="w-52" error={shownError} disabled={staff.state === 'loading'}>
        <option value={NOBODY}>Unassigned</option>
        {options.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {person.name}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" disabled={busy || staff.state !== 'ready'}>
        Assign
      </Button>
    </form>
  );
}
