// Two product processes on one PostgreSQL database, as behind a load balancer: a lead posted to one reaches a
// live stream opened on the other (LISTEN/NOTIFY), and a stream resumed on the other process after a drop
// replays what it missed (the window is in the database, not in a process); and a change to an account made
// through one process (or a third one, as npm run user:add) ends or re-filters its stream on the other at once.
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { knexConfig } from '../../db/knex';
import { api } from '../../testing/test-app';
import { TEST_PASSWORD } from '../../testing/sign-in';
import { openEventStream, type StreamEvent } from '../../testing/event-stream';
import { createChildDatabase, startServerChild } from '../../testing/server-child';
import { hashPassword } from '../auth/password';
import { leadBody } from '../../testing/leads';
import { saveAccount } from '../team/team-service';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

onPostgres('live stream across two processes on postgres', () => {
  it('a lead posted to one process - on a stream of the other, and replayed there after a drop', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase('postgres');
    const servers = await Promise.all([startServerChild(database.url), startServerChild(database.url)]);
    const db = knexFactory(knexConfig(database.url));
    try {
      const now = new Date().toISOString();
      await db('users').insert({ email: 'two@example.com', name: 'Two Admin', role: 'admin', password_hash: await hashPassword(TEST_PASSWORD), created_at: now, updated_at: now });
      const login = await fetch(`${servers[1]!.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'two@example.com', password: TEST_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const post = async (email: string) => {
        const res = await api(servers[0]!.baseUrl, 'POST', '/api/leads', leadBody({ email }), { 'Idempotency-Key': crypto.randomUUID() });
        expect(res.status).toBe(201);
      };
      const named = (email: string) => (e: StreamEvent) => e.event === 'live' && JSON.parse(e.data).record.email === email;

      const stream = await openEventStream(`${servers[1]!.baseUrl}/api/admin/live`, { Cookie: cookie });
      const start = (await stream.next((e) => e.event === 'ready', 15_000)).id!;
      const first = `one-${crypto.randomUUID()}@example.com`;
      await post(first);
      expect(JSON.parse((await stream.next(named(first), 15_000)).data).type).toBe('lead.created');
      stream.close();

      // Dropped; a lead arrives on the first process meanwhile; the stream comes back on the first process.
      const second = `two-${crypto.randomUUID()}@example.com`;
      await post(second);
      const resumed = await openEventStream(`${servers[0]!.baseUrl}/api/admin/live`, { Cookie: cookie, 'Last-Event-ID': start });
      await resumed.next((e) => e.event === 'ready', 15_000);
      await resumed.next(named(second), 15_000);
      expect(resumed.events.filter((e) => e.event === 'live').map((e) => JSON.parse(e.data).record.email)).toEqual([first, second]);
      resumed.close();
    } finally {
      await db.destroy();
      await Promise.all(servers.map((s) => s.kill()));
      await database.drop();
    }
  });

  it('an account changed through one process - its stream on the other is re-filtered, then ended, within a second', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase('postgres');
    // A heartbeat of a minute: only the change itself can reach the stream in time.
    const servers = await Promise.all([0, 1].map(() => startServerChild(database.url, { LIVE_HEARTBEAT_MS: '60000' })));
    const db = knexFactory(knexConfig(database.url));
    try {
      const now = new Date().toISOString();
      const passwordHash = await hashPassword(TEST_PASSWORD);
      for (const email of ['boss@example.com', 'deb@example.com']) {
        await db('users').insert({ email, name: email.slice(0, 4), role: 'admin', password_hash: passwordHash, created_at: now, updated_at: now });
      }
      const deb = await db('users').where({ email: 'deb@example.com' }).first('id');
      const signIn = async (base: string, email: string) => {
        const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: TEST_PASSWORD }) });
        expect(res.status).toBe(200);
        return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      };
      const boss = await signIn(servers[0]!.baseUrl, 'boss@example.com');
      const named = (email: string) => (e: StreamEvent) => e.event === 'live' && JSON.parse(e.data).record.email === email;

      // Demoted through the first process: the stream on the second sends no website lead after it.
      let cookie = await signIn(servers[1]!.baseUrl, 'deb@example.com');
      let stream = await openEventStream(`${servers[1]!.baseUrl}/api/admin/live`, { Cookie: cookie });
      await stream.next((e) => e.event === 'ready', 15_000);
      const demoted = await api(servers[0]!.baseUrl, 'PATCH', `/api/admin/users/${deb.id}`, { role: 'rep' }, { Cookie: boss });
      expect(demoted.status).toBe(200);
      const website = `website-${crypto.randomUUID()}@example.com`;
      expect((await api(servers[0]!.baseUrl, 'POST', '/api/leads', leadBody({ email: website }), { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(201);
      const own = `own-${crypto.randomUUID()}@example.com`;
      const captured = await api(servers[0]!.baseUrl, 'POST', '/api/capture/leads', { eventName: 'Two Expo', firstName: 'Cam', lastName: 'Capture', email: own }, { Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() });
      expect(captured.status).toBe(201);
      await stream.next(named(own), 15_000);
      expect(stream.events.some(named(website))).toBe(false);

      // Deactivated through the first process: the stream on the second ends.
      const ended = (s: typeof stream) => Promise.race([s.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open after 1 s'), 1000))]);
      expect((await api(servers[0]!.baseUrl, 'POST', `/api/admin/users/${deb.id}/deactivate`, undefined, { Cookie: boss })).status).toBe(200);
      expect(await ended(stream)).toBe('ended');

      // A new password set from a third process (what npm run user:add does) signs the account out everywhere.
      expect((await api(servers[0]!.baseUrl, 'POST', `/api/admin/users/${deb.id}/reactivate`, undefined, { Cookie: boss })).status).toBe(200);
      cookie = await signIn(servers[1]!.baseUrl, 'deb@example.com');
      stream = await openEventStream(`${servers[1]!.baseUrl}/api/admin/live`, { Cookie: cookie });
      await stream.next((e) => e.event === 'ready', 15_000);
      await saveAccount(db, { email: 'deb@example.com', password: 'a brand new long password' }, new Date().toISOString());
      expect(await ended(stream)).toBe('ended');
    } finally {
      await db.destroy();
      await Promise.all(servers.map((s) => s.kill()));
      await database.drop();
    }
  });
});
