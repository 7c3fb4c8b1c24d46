// The staff sign-in feature's front door: the sign-in and first-run setup forms, their card, and the check
// on where a sign-in may send the browser next.
export { AccountLinkForm } from './components/account-link-form';
export { AuthCard } from './components/auth-card';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { LoginForm } from './components/login-form';
export { SetupForm } from './components/setup-form';
export { safeNextPath } from './safe-next';
export { useAccountLink, useSetupLink } from './use-link-check';
