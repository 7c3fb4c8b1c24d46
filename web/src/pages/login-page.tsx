// /login: staff sign in, then go to `next` when it is a path on this site, else /admin.
import { useSearchParams } from 'react-router-dom';
import { AuthCard, LoginForm, safeNextPath } from '../features/auth';

export default function LoginPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Staff sign in" intro="Sign in to see leads, sample requests and pricing.">
      <LoginForm next={safeNextPath(params.get('next'))} />
    </AuthCard>
  );
}
