// Helpers for the API tests of sign-in: accounts made the way user:add makes them, and the session cookie
// carried by hand between real HTTP requests (Node's fetch keeps no cookie jar).
import type { Config } from '../config';
import type { UserRole } from '../contract';
import type { Db } from '../db/knex';
import { nowIso } from '../db/types';
import type { AppDeps } from '../deps';
import { api, startTestApp } from './test-app';
import { saveAccount } from '../modules/team';

export async function createAccount(db: Db, email: string, password: string, role: UserRole = 'admin', name = 'Test User') {
  return (await saveAccount(db, { email, password, role, name }, nowIso())).user;
}

/** The `Cookie` header a browser would send back after this response: every cookie it set with a value. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/** The Set-Cookie line for the session id itself, with its attributes. */
export function sessionSetCookie(headers: Headers): string | undefined {
  return headers.getSetCookie().find((c) => c.startsWith('dm.sid='));
}

export async function signIn(baseUrl: string, email: string, password: string, headers: Record<string, string> = {}) {
  const res = await api(baseUrl, 'POST', '/api/auth/login', { email, password }, headers);
  return { ...res, cookie: cookieFrom(res.headers) };
}

/** startTestApp with some configuration changed. */
export function startAppWith(db: Db, config: Partial<Config>, rest: Partial<Omit<AppDeps, 'config'>> = {}) {
  return startTestApp(db, { ...rest, config });
}
