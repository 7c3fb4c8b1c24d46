// Invite a staff member: name, e-mail and role, checked with the server's schema. Success closes this dialog and
// shows where the one-time link was e-mailed, and the link itself to pass on where mail is not set up.
import { useState } from 'react';
import { inviteInputSchema, type UserRole } from '@contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { WriteButton } from '../../../components/ui/write-button';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { useTeamStore } from '../team-store';

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<{ name: string; email: string; role: UserRole }>({ name: '', email: '', role: 'rep' });
  const { formRef, errors, alert, busy, submit } = useCheckedForm({
    schema: inviteInputSchema,
    send: async (input) => {
      const result = await useTeamStore.getState().invite(input);
      if (!result.ok) return result;
      onClose();
    },
  });

  const field = (key: 'name' | 'email') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  return (
    <Modal open={open} onClose={onClose} title="Invite a staff member" description="We e-mail them a one-time link to choose their own password. You also get the link, to pass on yourself if mail is not set up.">
      <form ref={formRef} noValidate onSubmit={(e) => submit(e, values)} className="space-y-4" aria-describedby={alert ? 'invite-alert' : undefined}>
        <TextField label="Name" autoComplete="off" required {...field('name')} />
        <TextField label="Email" type="email" autoComplete="off" inputMode="email" required {...field('email')} />
        <SelectField label="Role" name="role" value={values.role} error={errors.role} onChange={(e) => setValues((v) => ({ ...v, role: e.target.value as UserRole }))}>
          <option value="rep">Rep: captures leads at events</option>
          <option value="admin">Admin: every screen, including this one</option>
        </SelectField>
        {alert ? (
          <p id="invite-alert" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {alert}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <WriteButton type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create invite link'}
          </WriteButton>
        </div>
      </form>
    </Modal>
  );
}
