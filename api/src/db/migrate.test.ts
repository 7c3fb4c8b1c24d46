// Two processes started together on one empty SQLite file each bring the schema up to date: both succeed, and
// knex's lock table keeps its one row (two rows would read as "already locked" for every later run). Two pools on
// one file stand for the two processes; the race is tried on 30 fresh files, where a start that made knex's tables
// with knex, or met another's switch to WAL without waiting its turn, fails one way or the other. Then the same as
// an operator meets it: two real server processes on one new file, both serving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createChildDatabase, startServerChild } from '../testing/server-child';
import { createDb } from './knex';
import { migrateLatest } from './migrate';

describe('migrations started together on an empty SQLite file', () => {
  it('both succeed, one lock row, every migration recorded once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 30; round++) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-migrate-'));
      const file = path.join(dir, 'race.sqlite');
      const [one, two, later] = [createDb(file), createDb(file), createDb(file)];
      try {
        await Promise.all([migrateLatest(one), migrateLatest(two)]);
        expect(await one('knex_migrations_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
        const names = (await one('knex_migrations').select('name')) as { name: string }[];
        expect(new Set(names.map((n) => n.name)).size).toBe(names.length);
        // A later start migrates nothing and takes the lock as usual.
        expect(await migrateLatest(later)).toEqual([]);
      } finally {
        await Promise.all([one.destroy(), two.destroy(), later.destroy()]);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('a file a race already left with two lock rows is repaired at the next start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-migrate-'));
    const db = createDb(path.join(dir, 'stale.sqlite'));
    try {
      await migrateLatest(db);
      await db('knex_migrations_lock').insert({ is_locked: 0 });
      expect(await migrateLatest(db)).toEqual([]);
      expect(await db('knex_migrations_lock').count({ n: '*' })).toEqual([{ n: 1 }]);
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('two real servers started together on one new SQLite file', () => {
  it('both come up and answer /api/health, in each of 3 rounds', { timeout: 180_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      const database = await createChildDatabase('sqlite');
      const servers = await Promise.all([startServerChild(database.url), startServerChild(database.url)]);
      try {
        for (const server of servers) {
          const health = await fetch(`${server.baseUrl}/api/health`);
          expect(health.status).toBe(200);
          expect(await health.json()).toEqual({ status: 'ok' });
        }
      } finally {
        await Promise.all(servers.map((s) => s.kill()));
        await database.drop();
      }
    }
  });
});
