// E-mail and password, checked with the schema the server uses, then POST /api/auth/login. On success the
// browser goes to `next` (same-site paths only) with a full load, so the admin starts from a clean slate.
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { loginInputSchema } from '@contract';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { describeFailure, signIn } from '../auth-api';
import { destinationFor } from '../destination';
import { AuthField, EmailField, FormAlert, SubmitButton } from './auth-field';

export function LoginForm({ next }: { next: string }) {
  const passwordRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { formRef, errors, alert, busy, submit } = useCheckedForm({
    schema: loginInputSchema,
    send: async (input) => {
      try {
        const user = await signIn(input);
        window.location.assign(destinationFor(user.role, next));
        return 'leaving';
      } catch (error) {
        const failure = await describeFailure(error);
        if (failure.status === 401) {
          // Wrong credentials: the password is the likelier typo, so it is cleared and ready to type again.
          setPassword('');
          passwordRef.current?.focus();
        }
        return failure;
      }
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={(e) => submit(e, { email, password })} aria-describedby={alert ? 'login-alert' : undefined} className="space-y-5">
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
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
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Forgot password?
        </Link>
      </p>
    </form>
  );
}
