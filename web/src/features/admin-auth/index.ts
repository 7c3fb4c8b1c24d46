export { AdminGate } from './components/admin-gate';
export { SignedInUser, signOutThisDevice } from './components/signed-in-user';
export { useCurrentUserStore } from './current-user-store';
