// Helpers for the Team API tests: calls made as a signed-in person would make them, over real HTTP.
import type { AccountLinkIssued, InviteInput, StaffMember } from '../contract';
import { api, type TestApp } from './test-app';
import { cookieFrom } from './auth';

export type Who = { cookie: string } | null;

/** A request with `who`'s session cookie (none for null). */
export function as(app: Pick<TestApp, 'baseUrl'>, who: Who, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return api(app.baseUrl, method, path, body, { ...(who ? { Cookie: who.cookie } : {}), ...headers });
}

export async function invite(app: Pick<TestApp, 'baseUrl'>, admin: Who, input: InviteInput): Promise<AccountLinkIssued> {
  const res = await as(app, admin, 'POST', '/api/admin/users', input);
  if (res.status !== 201) throw new Error(`invite: ${res.status} ${res.text}`);
  return res.json as AccountLinkIssued;
}

export const tokenOf = (issued: AccountLinkIssued) => new URL(issued.link.url).searchParams.get('token')!;

/** Opens the link and chooses the password, as the person does; answers with their new session. */
export async function acceptLink(app: Pick<TestApp, 'baseUrl'>, token: string, password: string, userAgent?: string) {
  const res = await api(app.baseUrl, 'POST', '/api/auth/account-link', { token, password }, userAgent ? { 'User-Agent': userAgent } : {});
  return { ...res, cookie: cookieFrom(res.headers) };
}

export async function staffList(app: Pick<TestApp, 'baseUrl'>, admin: Who): Promise<StaffMember[]> {
  const res = await as(app, admin, 'GET', '/api/admin/users');
  if (res.status !== 200) throw new Error(`list: ${res.status} ${res.text}`);
  return res.json as StaffMember[];
}

export async function member(app: Pick<TestApp, 'baseUrl'>, admin: Who, id: number): Promise<StaffMember | undefined> {
  return (await staffList(app, admin)).find((m) => m.id === id);
}
