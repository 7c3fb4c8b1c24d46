// The first admin's name, e-mail and password, sent with the setup link's token. The server signs the new
// admin in, so success goes straight to the dashboard.
import { useState } from 'react';
import { setupInputSchema } from '@contract';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { createFirstAdmin, sendWithLink } from '../auth-api';
import { AuthField, EmailField, FormAlert, SubmitButton } from './auth-field';

interface Props {
  token: string;
  /** The link died while the form was open (someone else used it): the page shows why. */
  onDead: (message: string) => void;
}

export function SetupForm({ token, onDead }: Props) {
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const { formRef, errors, alert, busy, submit } = useCheckedForm({
    schema: setupInputSchema,
    send: (input) =>
      sendWithLink(async () => {
        await createFirstAdmin(input);
        window.location.assign('/admin');
      }, onDead),
  });
  const field = (key: keyof typeof values) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  return (
    <form ref={formRef} noValidate onSubmit={(e) => submit(e, { token, ...values })} aria-describedby={alert ? 'setup-alert' : undefined} className="space-y-5">
      <AuthField label="Your name" type="text" autoComplete="name" required {...field('name')} />
      <EmailField {...field('email')} />
      <AuthField label="Password" type="password" autoComplete="new-password" required hint="At least 10 characters. A passphrase of a few words is easy to remember." {...field('password')} />
      <FormAlert id="setup-alert" message={alert} />
      <SubmitButton busy={busy} busyText="Creating the account…">Create admin account</SubmitButton>
    </form>
  );
}
