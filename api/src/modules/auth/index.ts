// The auth module's front door: sign-in and sessions, who is signed in, accounts' rows and passwords.
export { authRoutes } from './auth-routes';
export { requireUser } from './require-user';
export { ACCOUNT_CHANGED_MESSAGE, currentSessionId, sessionMiddleware, startUserSession } from './session';
export { parseSessionId } from './session-id';
export { endAllDevices, endDevice, listDevices } from './devices-service';
export { configureHashing, hashPassword } from './password';
export { announceSetupLink } from './setup-link';
export { countLiveSessionsByUser, deleteSessionsOfUser, usersOfSessions } from './sessions-queries';
export {
  findUserById, insertUser, insertUserUnlessTaken, isActive, listUsers, lockActiveAdmins, lockUser, publicUser, signInGrant, updateUser,
  deleteInvitedUser, findUserByEmail, NO_PASSWORD,
  type SignInGrant, type UserRow,
} from './users-queries';
