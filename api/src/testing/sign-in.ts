// Signs a test in the real way: a user row with a real password hash, then POST /api/auth/login, returning the
// session cookie to send with admin calls. Admin route tests therefore exercise the real session middleware.
import crypto from 'node:crypto';
import type { UserRole } from '../contract';
import { hashPassword } from '../modules/auth';
import type { TestApp } from './test-app';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface SignedIn {
  /** The Cookie header value to send with each admin request. */
  cookie: string;
  user: { id: number; email: string; name: string; role: UserRole };
}

// One real hash of the test password per test process: every test account shares it (and its salt), so each
// sign-in costs one scrypt verify, as in production, instead of a hash and a verify.
let testPasswordHash: Promise<string> | undefined;

export async function signInAs(app: TestApp, role: UserRole = 'admin', name = 'Ada Admin'): Promise<SignedIn> {
  const { db, clock } = app.deps;
  const email = `${role}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const now = clock().toISOString();
  const [row] = await db('users')
    .insert({ email, name, role, password_hash: await (testPasswordHash ??= hashPassword(TEST_PASSWORD)), created_at: now, updated_at: now })
    .returning('id');
  const id = Number(typeof row === 'object' ? row.id : row);
  const res = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, user: { id, email, name, role } };
}
