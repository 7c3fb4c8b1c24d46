// /setup?token=…: the one-time link the server prints on its first start creates the first admin account;
// once used (or when another admin exists) the link is dead and says so.
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard, SetupForm, useSetupLink } from '../features/auth';

export default function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useSetupLink(token);

  if (state.kind === 'dead') {
    return (
      <AuthCard title="This setup link cannot be used">
        <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {state.message}
        </p>
        <p className="mt-4 text-sm text-slate-600">
          Staff who already have an account can{' '}
          <Link to="/login" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            sign in here
          </Link>
          . An admin adds further accounts on the{' '}
          <Link to="/admin/team" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
            Team screen
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create the first admin" intro="This one-time link sets up the first staff account. It stops working once used.">
      {state.kind === 'checking' ? (
        <p role="status" className="text-sm text-slate-500">Checking the link…</p>
      ) : (
        <SetupForm token={token ?? ''} onDead={(message) => setState({ kind: 'dead', message })} />
      )}
    </AuthCard>
  );
}
