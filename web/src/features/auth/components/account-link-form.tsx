// The password the invited (or reset) person chooses, sent with their link's token. The server signs them in,
// so success goes straight to their first screen. The e-mail is shown read-only as the username, so a password
// manager saves the new password under the right account.
import { useState } from 'react';
import { accountLinkInputSchema, type AccountLinkInfo } from '@contract';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { chooseAccountPassword, sendWithLink } from '../auth-api';
import { destinationFor } from '../destination';
import { AuthField, FormAlert, SubmitButton } from './auth-field';

interface Props {
  token: string;
  link: AccountLinkInfo;
  /** The link died while the form was open (used elsewhere, replaced, cancelled): the page shows why. */
  onDead: (message: string) => void;
}

export function AccountLinkForm({ token, link, onDead }: Props) {
  const [password, setPassword] = useState('');
  const { formRef, errors, alert, busy, submit } = useCheckedForm({
    schema: accountLinkInputSchema,
    send: (input) =>
      sendWithLink(async () => {
        const user = await chooseAccountPassword(input);
        window.location.assign(destinationFor(user.role, '/admin'));
      }, onDead),
  });

  return (
    <form ref={formRef} noValidate onSubmit={(e) => submit(e, { token, password })} aria-describedby={alert ? 'account-link-alert' : undefined} className="space-y-5">
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
