// "Forgot password?": the e-mail, checked with the schema the server uses, then POST /api/auth/forgot-password.
// The answer is one sentence whatever the address (FORGOT_PASSWORD_ANSWER), so this page never tells a stranger
// whether an address has an account; only a refusal (too many asks: 429, a bad address: 400) is shown as such.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FORGOT_PASSWORD_ANSWER, forgotPasswordInputSchema } from '@contract';
import { useCheckedForm } from '../../../lib/use-checked-form';
import { askForPasswordLink, describeFailure } from '../auth-api';
import { EmailField, FormAlert, SubmitButton } from './auth-field';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [answered, setAnswered] = useState(false);
  const { formRef, errors, alert, busy, submit } = useCheckedForm({
    schema: forgotPasswordInputSchema,
    send: async (input) => {
      try {
        await askForPasswordLink(input);
        setAnswered(true);
      } catch (error) {
        return describeFailure(error);
      }
    },
  });

  if (answered) {
    return (
      <div className="space-y-5">
        <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800">
          {FORGOT_PASSWORD_ANSWER}
        </p>
        <p className="text-sm text-slate-600">
          Nothing after a few minutes? Check the address and your spam folder, or ask an admin to reset your password.{' '}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Back to sign in
          </Link>
        </p>
      </div>
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={(e) => submit(e, { email })} aria-describedby={alert ? 'forgot-alert' : undefined} className="space-y-5">
      <EmailField value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <FormAlert id="forgot-alert" message={alert} />
      <SubmitButton busy={busy} busyText="Sending…">
        E-mail me a link
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
