// `npm run user:add` as a newcomer runs it: a child process on the database DATABASE_URL names, a SQLite file or
// a PostgreSQL database of its own (the last-admin rule locks rows there, where SQLite has its one writer).
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../api/src/config';
import { createDb } from '../api/src/db/knex';
import { verifyPassword } from '../api/src/modules/auth/password';
import { createChildDatabase } from '../api/src/testing/server-child';
import { ENGINES } from '../api/src/testing/test-app';

// Each run starts a TypeScript process, migrates and hashes: seconds apiece on a busy machine.
describe.each(ENGINES)('npm run user:add on %s', { timeout: 90_000 }, (engine) => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await createChildDatabase(engine);
  });
  afterAll(() => database.drop());

  function userAdd(...args: string[]) {
    try {
      // The script `npm run user:add` runs, without npx in front of it (0.9 s of a core a call).
      const stdout = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/user-add.ts', ...args], {
        cwd: ROOT_DIR,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
        stdio: 'pipe',
      });
      return { code: 0, stdout, stderr: '' };
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      return { code: e.status, stdout: e.stdout, stderr: e.stderr };
    }
  }

  async function readUser(email: string) {
    const db = createDb(database.url);
    try {
      return await db('users').where({ email }).first();
    } finally {
      await db.destroy();
    }
  }

  it('creates an account, then updates it - e-mail lowercased, password hashed, name and role kept unless given', async () => {
    const created = userAdd('--email', 'Ann@Example.COM', '--password', 'first long password', '--name', 'Ann');
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toBe('Created admin ann@example.com');
    const first = await readUser('ann@example.com');
    expect(first).toMatchObject({ name: 'Ann', role: 'admin' });
    expect(first.password_hash).not.toContain('first long password');
    expect(await verifyPassword('first long password', first.password_hash)).toBe(true);

    // Another admin first: the last active admin cannot be made a rep (the Team screen's rule).
    expect(userAdd('--email', 'bob@example.com', '--password', 'bobs long password').stdout.trim()).toBe('Created admin bob@example.com');
    const updated = userAdd('--email', 'ann@example.com', '--password', 'second long password', '--role', 'rep');
    expect(updated.code).toBe(0);
    expect(updated.stdout.trim()).toBe('Updated rep ann@example.com');
    const second = await readUser('ann@example.com');
    expect(second).toMatchObject({ id: first.id, name: 'Ann', role: 'rep' });
    expect(await verifyPassword('second long password', second.password_hash)).toBe(true);
  });

  it('the last active admin made a rep - exits 1 with the rule, nothing changed; every change is in the staff audit log without an actor', async () => {
    const res = userAdd('--email', 'bob@example.com', '--password', 'another long password', '--role', 'rep');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('There must always be at least one active admin. Make someone else an admin first.');
    const bob = await readUser('bob@example.com');
    expect(bob).toMatchObject({ role: 'admin' });
    expect(await verifyPassword('bobs long password', bob.password_hash)).toBe(true);

    const db = createDb(database.url);
    try {
      const lines = await db('staff_audit').orderBy('id').select('action', 'actor_user_id', 'subject');
      expect(lines).toEqual([
        { action: 'user.create', actor_user_id: null, subject: `user:${(await readUser('ann@example.com')).id}` },
        { action: 'user.create', actor_user_id: null, subject: `user:${bob.id}` },
        { action: 'user.password_set', actor_user_id: null, subject: expect.any(String) },
        { action: 'user.role', actor_user_id: null, subject: expect.any(String) },
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('bad input - exits 1 with a message for each problem, saves nothing', async () => {
    const res = userAdd('--email', 'not-an-email', '--password', 'short', '--role', 'boss');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('--email: Please enter a valid email');
    expect(res.stderr).toContain('--password: Password must be at least 10 characters');
    expect(res.stderr).toContain('--role: Role must be admin or rep');
    expect(await readUser('not-an-email')).toBeUndefined();

    const unknown = userAdd('--email', 'a@b.co', '--pasword', 'typo typo typo');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--pasword'");
  });
});
