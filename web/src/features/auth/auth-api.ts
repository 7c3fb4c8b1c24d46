// The sign-in calls, through the one API client. Failures become what a form can show: the server's own
// message (401, 429, 410…), its field errors on a 400, or a plain word about the network.
import type { CurrentUser, LoginInput, SetupInput } from '@contract';
import { HTTPError, apiClient } from '../../lib/api-client';

export function signIn(input: LoginInput): Promise<CurrentUser> {
  return apiClient.post('/api/auth/login', { json: input }).json<CurrentUser>();
}

export async function checkSetupLink(token: string): Promise<void> {
  await apiClient.get('/api/auth/setup', { searchParams: { token } });
}

export function createFirstAdmin(input: SetupInput): Promise<CurrentUser> {
  return apiClient.post('/api/auth/setup', { json: input }).json<CurrentUser>();
}

export interface Failure {
  status: number | null;
  message: string;
  fieldErrors: Record<string, string>;
}

export async function describeFailure(error: unknown): Promise<Failure> {
  if (!(error instanceof HTTPError)) {
    return { status: null, message: 'Could not reach the server. Check your connection and try again.', fieldErrors: {} };
  }
  const status = error.response.status;
  let body: { message?: unknown; errors?: unknown } = {};
  try {
    body = await error.response.clone().json();
  } catch {
    // Not JSON (a proxy's error page): fall back to a generic sentence below.
  }
  const message = typeof body.message === 'string' && body.message ? body.message : `Something went wrong (${status}). Please try again.`;
  const fieldErrors = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
  return { status, message, fieldErrors };
}
