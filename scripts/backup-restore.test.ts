// `npm run backup` and `npm run restore` as an operator runs them: child processes of the real commands, beside a
// real server process (api/src/server.ts, as npm start runs it) that keeps taking leads while the copy is made.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../api/src/config';
import { createDb } from '../api/src/db/knex';
import { backupSqlite } from '../api/src/db/sqlite-backup';
import { startServerChild } from '../api/src/testing/server-child';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-backup-'));
const live = path.join(dir, 'live.sqlite');

/** Runs `npm run <script> -- <file>` on the database DATABASE_URL names; answers its exit code and output. */
async function npmRun(script: 'backup' | 'restore', file: string, databaseUrl: string) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', script, '--', file], { cwd: ROOT_DIR, env: { ...process.env, DATABASE_URL: databaseUrl } });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function emailsIn(file: string): Promise<{ leads: Set<string>; rollups: number; jobs: number }> {
  const db = createDb(file);
  try {
    const rows = (await db('leads').select('email')) as { email: string }[];
    const rollups = Number((await db('lead_rollups').sum({ n: 'count' }).first())?.n ?? 0);
    const jobs = Number((await db('crm_sync_jobs').count({ n: '*' }).first())?.n ?? 0);
    return { leads: new Set(rows.map((r) => r.email)), rollups, jobs };
  } finally {
    await db.destroy();
  }
}

// Each command starts a TypeScript process: seconds apiece on a busy machine.
describe('npm run backup and npm run restore', { timeout: 120_000 }, () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a backup taken while a server takes leads, restored into a fresh file - every lead acknowledged before it began is there, and the copy is consistent', async () => {
    const server = await startServerChild(live);
    try {
      await underLoad(server);
    } finally {
      await server.kill();
    }
  });

  async function underLoad(server: Awaited<ReturnType<typeof startServerChild>>) {
    const acknowledged: { email: string; at: number }[] = [];
    const sent = new Set<string>();
    let load = true;
    const sender = async () => {
      while (load) {
        const email = `load-${crypto.randomBytes(5).toString('hex')}@example.com`;
        sent.add(email);
        const res = await fetch(`${server.baseUrl}/api/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ firstName: 'Load', lastName: 'Test', email, volume: 'under-1000', source: 'Main Website', elapsedMs: 8000 }),
        }).catch(() => undefined);
        if (res?.status === 201) acknowledged.push({ email, at: Date.now() });
      }
    };
    const senders = Array.from({ length: 8 }, sender);
    // Two copies under load: one by the function the command runs, started the moment 50 leads are in (the
    // newest of them still only in the write-ahead log), and one by the command itself.
    const copies = { direct: path.join(dir, 'direct.sqlite'), command: path.join(dir, 'copy.sqlite') };
    const startedAt = { direct: 0, command: 0 };
    let backup: Awaited<ReturnType<typeof npmRun>>;
    try {
      while (acknowledged.length < 50) await new Promise((r) => setTimeout(r, 5));
      startedAt.direct = Date.now();
      await backupSqlite(live, copies.direct);
      startedAt.command = Date.now();
      backup = await npmRun('backup', copies.command, live);
      // Still under load when the copies were done: the writes went on beside them.
      expect(acknowledged.filter((a) => a.at > startedAt.command).length).toBeGreaterThan(0);
    } finally {
      load = false;
      await Promise.all(senders);
    }
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toMatch(/^Backed up .* to .*copy\.sqlite: \d+ leads/);
    expect(fs.statSync(copies.command).mode & 0o777).toBe(0o600);

    // The server stays up on its own file; each copy goes into a fresh one.
    let restored = { leads: new Set<string>(), rollups: 0, jobs: 0 };
    for (const which of ['direct', 'command'] as const) {
      const fresh = path.join(dir, 'restored', `${which}.sqlite`);
      const restore = await npmRun('restore', copies[which], fresh);
      expect(restore.code, restore.out).toBe(0);
      expect(restore.out).toContain('Its schema is up to date.');
      restored = await emailsIn(fresh);
      const before = acknowledged.filter((a) => a.at <= startedAt[which]);
      expect(before.length).toBeGreaterThanOrEqual(50);
      expect(before.filter((a) => !restored.leads.has(a.email)), which).toEqual([]);
      // One snapshot: only leads that were sent, and each lead's count and CRM job came with it (one transaction).
      expect([...restored.leads].filter((e) => !sent.has(e))).toEqual([]);
      expect(restored.rollups).toBe(restored.leads.size);
      expect(restored.jobs).toBe(restored.leads.size);
    }
    const copy = copies.command;

    // Restoring over the live database while its server runs is refused, and the database is left as it was.
    const refused = await npmRun('restore', copy, live);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`restore: The database ${live} is open in another process: stop the server (every process using it) first.`);
    const stillLive = await fetch(`${server.baseUrl}/api/health`);
    expect(stillLive.status).toBe(200);
    await server.kill();
    expect((await emailsIn(live)).leads.size).toBeGreaterThanOrEqual(acknowledged.length);

    // Once the server is stopped, the same restore goes through and keeps the replaced database aside.
    const accepted = await npmRun('restore', copy, live);
    expect(accepted.code, accepted.out).toBe(0);
    expect(accepted.out).toMatch(/The database it replaced is at .*live\.sqlite\.before-restore-/);
    expect((await emailsIn(live)).leads).toEqual(restored.leads);
  }

  it('a copy whose schema is newer than the code - refused, naming the migration it does not know', async () => {
    const source = path.join(dir, 'newer.sqlite');
    const db = createDb(source);
    await db.migrate.latest({ migrationSource: (await import('../api/src/db/migrations')).migrationSource });
    await db('knex_migrations').insert({ name: '999_from_the_future', batch: 99, migration_time: new Date().toISOString() });
    await db.destroy();
    const copy = path.join(dir, 'newer-copy.sqlite');
    expect((await npmRun('backup', copy, source)).code).toBe(0);
    const target = path.join(dir, 'untouched.sqlite');
    const res = await npmRun('restore', copy, target);
    expect(res.code).toBe(1);
    expect(res.out).toContain('has a newer schema than this version of the code (migrations it does not know: 999_from_the_future)');
    expect(fs.existsSync(target)).toBe(false);
  });

  it('a copy older than an erasure - restored, with a warning that the erased person is back', async () => {
    const source = path.join(dir, 'erasing.sqlite');
    const db = createDb(source);
    await db.migrate.latest({ migrationSource: (await import('../api/src/db/migrations')).migrationSource });
    await db.destroy();
    const copy = path.join(dir, 'before-erasure.sqlite');
    expect((await npmRun('backup', copy, source)).code).toBe(0);
    const later = createDb(source);
    await later('staff_audit').insert({ action: 'person.erase', subject: 'person:0123', details: '{}', created_at: new Date(Date.now() + 1000).toISOString() });
    await later.destroy();
    const res = await npmRun('restore', copy, source);
    expect(res.code, res.out).toBe(0);
    expect(res.out).toContain('Warning: 1 person was erased after this copy was made, and the copy holds them again. Erase them again from the Privacy screen.');
  });

  it('a file that is not a database, a copy over an existing file, and PostgreSQL - each refused with what to do', async () => {
    const junk = path.join(dir, 'junk.sqlite');
    fs.writeFileSync(junk, 'not a database at all '.repeat(100));
    const target = path.join(dir, 'target.sqlite');
    const notDb = await npmRun('restore', junk, target);
    expect(notDb.code).toBe(1);
    expect(notDb.out).toMatch(/restore: .*junk\.sqlite is (damaged or )?not a (SQLite |DirectMailers )?database/);

    expect(await npmRun('backup', junk, live)).toMatchObject({ code: 1, out: expect.stringContaining(`${junk} already exists; name a new file.`) });

    const pg = await npmRun('backup', path.join(dir, 'pg.dump'), 'postgres://user@db.example/directmailers');
    expect(pg.code).toBe(1);
    expect(pg.out).toContain(`(umask 077 && pg_dump --format=custom --no-owner --file='${path.join(dir, 'pg.dump')}' "$DATABASE_URL")`);
    const pgRestore = await npmRun('restore', path.join(dir, 'pg.dump'), 'postgres://user@db.example/directmailers');
    expect(pgRestore.out).toContain('pg_restore --clean --if-exists --no-owner --single-transaction');
  });
});

// The printed PostgreSQL command, pasted into a shell as an operator would: a file name with a space, a quote and a
// `$` lands under that exact name, readable by its owner only, whatever the shell's umask.
// It dumps a database of its own: the test database is shared with the other test files, which make and drop
// schemas while pg_dump would be reading the catalogue.
describe.runIf(process.env.TEST_DATABASE_URL)('the printed pg_dump command', () => {
  const server = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/postgres');
  const name = `dm_dump_${crypto.randomBytes(6).toString('hex')}`;
  const ownDatabase = Object.assign(new URL(server.href), { pathname: `/${name}` }).href;
  const admin = () => createDb(server.href);

  beforeAll(async () => {
    const db = admin();
    try {
      await db.raw(`create database ${name}`);
    } finally {
      await db.destroy();
    }
    const own = createDb(ownDatabase);
    try {
      await own.schema.createTable('kept', (t) => t.increments('id'));
    } finally {
      await own.destroy();
    }
  });
  afterAll(async () => {
    const db = admin();
    try {
      await db.raw(`drop database if exists ${name} with (force)`);
    } finally {
      await db.destroy();
    }
  });

  it('run as printed under umask 022 - the dump has the exact awkward name and mode 0600', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-pgdump-'));
    const file = path.join(own, "it's a $HOME dump.dump");
    const advice = await npmRun('backup', file, 'postgres://user@db.example/directmailers');
    const command = advice.out.split('\n').find((line) => line.includes('pg_dump'))!.trim();
    await run('sh', ['-c', `umask 022 && ${command}`], { env: { ...process.env, DATABASE_URL: ownDatabase } });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    fs.rmSync(own, { recursive: true, force: true });
  });
});
