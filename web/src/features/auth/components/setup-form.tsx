// The first admin's name, e-mail and password, sent with the setup link's token. The server signs the new
// admin in, so success goes straight to the dashboard.
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors, setupInputSchema } from '@contract';
import { createFirstAdmin, describeFailure } from '../auth-api';
import { focusFirstInvalid } from '../focus-first-invalid';
import { AuthField, FormAlert, SubmitButton } from './auth-field';

interface Props {
  token: string;
  /** The link died while the form was open (someone else used it): the page shows why. */
  onDead: (message: string) => void;
}

export function SetupForm({ token, onDead }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = (key: keyof typeof values) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value })),
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = setupInputSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await createFirstAdmin(parsed.data);
      window.location.assign('/admin');
    } catch (error) {
      const failure = await describeFailure(error);
      setBusy(false);
      if (failure.status === 404 || failure.status === 410) return onDead(failure.message);
      setErrors(failure.fieldErrors);
      if (!Object.keys(failure.fieldErrors).length) setAlert(failure.message);
      focusFirstInvalid(formRef.current);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby={alert ? 'setup-alert' : undefined} className="space-y-5">
      <AuthField label="Your name" type="text" autoComplete="name" required {...field('name')} />
      <AuthField label="Email" type="email" autoComplete="username" inputMode="email" required {...field('email')} />
      <AuthField label="Password" type="password" autoComplete="new-password" required hint="At least 10 characters. A passphrase of a few words is easy to remember." {...field('password')} />
      <FormAlert id="setup-alert" message={alert} />
      <SubmitButton busy={busy} busyText="Creating the account…">Create admin account</SubmitButton>
    </form>
  );
}
