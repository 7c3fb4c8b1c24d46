// /forgot-password: a staff member who forgot their password asks for a link by e-mail (it opens /set-password).
import { AuthCard, ForgotPasswordForm } from '../features/auth';

export default function ForgotPasswordPage() {
  return (
    <AuthCard title="Forgot your password?" intro="Enter the e-mail of your staff account. We will send it a link to choose a new password.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
