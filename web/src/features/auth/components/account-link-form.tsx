// The password the invited (or reset) person chooses, sent with their link's token. The server signs them in,
// so success goes straight to their first screen. The e-mail is shown read-only as the username, so a password
// manager saves the new password under the right account.
import { useRef, useState, type FormEvent } from 'react';
import { accountLinkInputSchema, fieldErrors, type AccountLinkInfo } from '@contract';
import { chooseAccountPassword, describeFailure } from '../auth-api';
import { destinationFor } from '../destination';
import { focusFirstInvalid } from '../focus-first-invalid';
import { AuthField, FormAlert, SubmitButton } from './auth-field';

interface Props {
  token: string;
  link: AccountLinkInfo;
  /** The link died while the form was open (used elsewhere, replaced, cancelled): the page shows why. */
  onDead: (message: string) => void;
}

export function AccountLinkForm({ token, link, onDead }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = accountLinkInputSchema.safeParse({ token, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await chooseAccountPassword(parsed.data);
      window.location.assign(destinationFor(user.role, '/admin'));
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
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby={alert ? 'account-link-alert' : undefined} className="space-y-5">
      <AuthField label="Email" type="email" name="email" autoComplete="username" value={link.email} readOnly className="bg-slate-50 text-slate-700" />
      <AuthField
        label={link.kind === 'invite' ? 'Choose a password' : 'New password'}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters. A passphrase of a few words is easy to remember."
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <FormAlert id="account-link-alert" message={alert} />
      <SubmitButton busy={busy} busyText="Saving…">{link.kind === 'invite' ? 'Set password and sign in' : 'Save password and sign in'}</SubmitButton>
    </form>
  );
}
