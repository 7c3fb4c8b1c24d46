// /login: staff sign in, then go to `next` when it is a path on this site, else /admin.
import { useSearchParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/components/auth-card';
import { LoginForm } from '../features/auth/components/login-form';
import { safeNextPath } from '../features/auth/safe-next';

export default function LoginPage() {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Staff sign in" intro="Sign in to see leads, sample requests and pricing.">
      <LoginForm next={safeNextPath(params.get('next'))} />
    </AuthCard>
  );
}
