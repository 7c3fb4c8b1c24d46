export { AdminGate } from './components/admin-gate';
export { SignedInUser } from './components/signed-in-user';
export { useCurrentUserStore } from './current-user-store';
