// A sign-in with the old password whose check is still running when a password reset commits: whatever the
// order, no session of the old password may outlive the reset. The reset is started at the moment the sign-in
// reads the account's password hash, so it commits while that hash is being checked (scrypt, about 0.3 s): on
// SQLite its transaction is queued on the one connection right behind that read, ahead of anything else the
// sign-in does; on PostgreSQL it runs beside the check and takes a few milliseconds. The last test holds a new
// password uncommitted while the session is stored, the window PostgreSQL's row lock closes.
import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/knex';
import { holdTransaction } from '../../testing/held-transaction';
import { whenQuery } from '../../testing/query-events';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, TEST_PASSWORD, type SignedIn } from '../../testing/sign-in';
import { resetPassword } from '../team/team-service';
import { signIn } from '../../testing/auth';
import { needsRehash } from './password';
import { insertSignedInSession } from './sessions-queries';
import { NO_PASSWORD } from './users-queries';

/** A hash of `password` at a lower cost than today's, as an account made before the cost was raised has. */
function cheaperHash(password: string): string {
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password, salt, 64, { N: 2 ** 14, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Runs `work` when `db` is about to read the account with this e-mail (its password hash); resolves with its outcome. */
const whenAccountRead = (db: Db, email: string, work: () => Promise<unknown>) =>
  whenQuery(db, (query) => /\busers\b/.test(query.sql) && !!query.bindings?.includes(email), work);

describe.each(ENGINES)('a sign-in racing a password reset on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });

  it('the reset commits while the old password is being checked - the sign-in is refused (401) and no session of it is left', async () => {
    const rep = await signInAs(app, 'rep', 'Racing Rep');
    const reset = whenAccountRead(app.db, rep.user.email, () => resetPassword(app.deps, admin.user, rep.user.id));
    const late = await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD);
    await reset;

    expect({ status: late.status, body: late.json }).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
    expect(await app.db('sessions').where({ user_id: rep.user.id })).toEqual([]);
    expect((await api(app.baseUrl, 'GET', '/api/auth/user', undefined, { Cookie: late.cookie })).status).toBe(401);
  });

  it('the reset commits while an old, cheaper hash is being checked - the upgrade of that hash does not bring the old password back', async () => {
    const rep = await signInAs(app, 'rep', 'Rehash Rep');
    const cheaper = cheaperHash(TEST_PASSWORD);
    expect(needsRehash(cheaper)).toBe(true);
    await app.db('users').where({ id: rep.user.id }).update({ password_hash: cheaper });
    const reset = whenAccountRead(app.db, rep.user.email, () => resetPassword(app.deps, admin.user, rep.user.id));
    const late = await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD);
    await reset;

    expect(late.status).toBe(401);
    expect((await app.db('users').where({ id: rep.user.id }).first()).password_hash).toBe(NO_PASSWORD);
    expect((await signIn(app.baseUrl, rep.user.email, TEST_PASSWORD)).status).toBe(401);
    expect(await app.db('sessions').where({ user_id: rep.user.id })).toEqual([]);
  });

  it('a session stored while a new password is written but not yet committed - waits for that commit, then is refused', async () => {
    const rep = await signInAs(app, 'rep', 'Waiting Rep');
    const verified = (await app.db('users').where({ id: rep.user.id }).first()).password_hash as string;
    // The new password's transaction on a connection of its own, as `npm run user:add` in another process has.
    const newPassword = await holdTransaction(app.connectAgain(), (trx) => trx('users').where({ id: rep.user.id }).update({ password_hash: NO_PASSWORD }));

    const session = { id: crypto.randomBytes(32).toString('hex'), data: { userId: rep.user.id }, userId: rep.user.id, expiresAt: Date.now() + 60_000, createdAt: Date.now(), userAgent: null };
    const stored = insertSignedInSession(app.db, session, verified);
    // While the new password is uncommitted the store cannot finish (a row lock, or SQLite's one writer): a
    // store that reads the old hash without waiting settles within this time, and never otherwise.
    const settledWhileUncommitted = await Promise.race([stored.then(() => true), delay(300).then(() => false)]);
    await newPassword.release();

    expect(settledWhileUncommitted).toBe(false);
    expect(await stored).toBe(false);
    expect(await app.db('sessions').where({ id: session.id })).toEqual([]);
  });
});
