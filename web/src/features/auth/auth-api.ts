// The sign-in calls, through the one API client. Failures become what a form can show: the server's own
// message (401, 429, 410…), its field errors on a 400, or a plain word about the network.
import type { AccountLinkInfo, AccountLinkInput, CurrentUser, ForgotPasswordInput, LoginInput, SetupInput } from '@contract';
import { apiClient } from '../../lib/api-client';
import { ServerError, type ServerErrorData } from '../../lib/server-error';

export function signIn(input: LoginInput): Promise<CurrentUser> {
  return apiClient.post('/api/auth/login', { json: input }).json<CurrentUser>();
}

export async function checkSetupLink(token: string): Promise<void> {
  await apiClient.get('/api/auth/setup', { searchParams: { token } });
}

export function createFirstAdmin(input: SetupInput): Promise<CurrentUser> {
  return apiClient.post('/api/auth/setup', { json: input }).json<CurrentUser>();
}

/** Whose invite or reset link this is (404 or 410 with the reason when it cannot be used). */
export function checkAccountLink(token: string): Promise<AccountLinkInfo> {
  return apiClient.get('/api/auth/account-link', { searchParams: { token } }).json<AccountLinkInfo>();
}

/** Sets the chosen password through the link; the server signs the person in. */
export function chooseAccountPassword(input: AccountLinkInput): Promise<CurrentUser> {
  return apiClient.post('/api/auth/account-link', { json: input }).json<CurrentUser>();
}

/** "Forgot password?": the server answers the same whether or not the address has an account (202), or 429. */
export async function askForPasswordLink(input: ForgotPasswordInput): Promise<void> {
  await apiClient.post('/api/auth/forgot-password', { json: input });
}

export type Failure = ServerErrorData;

export async function describeFailure(error: unknown): Promise<Failure> {
  if (!(error instanceof ServerError) || error.status === null) {
    return { status: null, message: 'Could not reach the server. Check your connection and try again.', fieldErrors: {} };
  }
  // Our server always says why; anything else (a proxy's page) gets a plain sentence.
  const message = error.message && !error.message.trimStart().startsWith('<') ? error.message : `Something went wrong (${error.status}). Please try again.`;
  return { status: error.status, message, fieldErrors: error.fieldErrors };
}

/**
 * Sends a form that rides on a one-time link (`call` goes elsewhere on success). A link that died meanwhile
 * (used elsewhere, replaced, cancelled: 404 or 410) goes to `onDead`, for the page to say so; any other failure
 * back to the form.
 */
export async function sendWithLink(call: () => Promise<void>, onDead: (message: string) => void): Promise<Failure | 'leaving'> {
  try {
    await call();
    return 'leaving';
  } catch (error) {
    const failure = await describeFailure(error);
    if (failure.status !== 404 && failure.status !== 410) return failure;
    onDead(failure.message);
    return 'leaving';
  }
}
