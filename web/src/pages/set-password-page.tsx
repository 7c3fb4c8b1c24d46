// /set-password?token=…: the one-time link an admin made (an invite, or a password reset) or that "Forgot
// password?" e-mailed. The person chooses a password and is signed in; a used, replaced, cancelled or expired link
// says so instead.
import { Link, useSearchParams } from 'react-router-dom';
import type { AccountLinkKind } from '@contract';
import { AccountLinkForm, AuthCard, useAccountLink } from '../features/auth';

const INTRO: Record<AccountLinkKind, string> = {
  invite: 'You have been invited to the DirectMailers staff admin. Choose a password to finish setting up your account. This link works once.',
  reset: 'An admin reset your password. Choose a new one to sign in again. This link works once.',
  forgot: 'You asked for a new password. Choose one to sign in; your other devices will be signed out. This link works once, for an hour.',
};

export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useAccountLink(token);

  if (state.kind === 'dead') {
    return (
      <AuthCard title="This link cannot be used">
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {state.message}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          If you already chose a password,{' '}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            sign in here
          </Link>
          . Forgot it?{' '}
          <Link to="/forgot-password" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Get a new link by e-mail
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  if (state.kind === 'checking') {
    return (
      <AuthCard title="Set your password">
        <p role="status" className="text-sm text-slate-500">Checking the link…</p>
      </AuthCard>
    );
  }
  const { link } = state;
  return (
    <AuthCard title={link.kind === 'invite' ? `Welcome, ${link.name}` : 'Choose a new password'} intro={INTRO[link.kind]}>
      <AccountLinkForm token={token ?? ''} link={link} onDead={(message) => setState({ kind: 'dead', message })} />
    </AuthCard>
  );
}
