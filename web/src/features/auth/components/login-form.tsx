// E-mail and password, checked with the schema the server uses, then POST /api/auth/login. On success the
// browser goes to `next` (same-site paths only) with a full load, so the admin starts from a clean slate.
import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors, loginInputSchema } from '@contract';
import { describeFailure, signIn } from '../auth-api';
import { destinationFor } from '../destination';
import { focusFirstInvalid } from '../focus-first-invalid';
import { AuthField, FormAlert, SubmitButton } from './auth-field';

export function LoginForm({ next }: { next: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = loginInputSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const user = await signIn(parsed.data);
      window.location.assign(destinationFor(user.role, next));
    } catch (error) {
      const failure = await describeFailure(error);
      setErrors(failure.fieldErrors);
      if (!Object.keys(failure.fieldErrors).length) setAlert(failure.message);
      setBusy(false);
      if (failure.status === 401) {
        // Wrong credentials: the password is the likelier typo, so it is cleared and ready to type again.
        setPassword('');
        passwordRef.current?.focus();
      } else {
        focusFirstInvalid(formRef.current);
      }
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-describedby={alert ? 'login-alert' : undefined} className="space-y-5">
      <AuthField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <AuthField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        ref={passwordRef}
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <FormAlert id="login-alert" message={alert} />
      <SubmitButton busy={busy} busyText="Signing in…">Sign in</SubmitButton>
      <p className="text-center text-xs text-slate-500">Forgot your password? Ask an administrator to reset it.</p>
    </form>
  );
}
