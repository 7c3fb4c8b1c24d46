// Two product processes on one PostgreSQL database, as behind a load balancer: a lead posted to one reaches a
// live stream opened on the other (LISTEN/NOTIFY), and a stream resumed on the other process after a drop
// replays what it missed (the window is in the database, not in a process).
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { knexConfig } from '../../db/knex';
import { api } from '../../testing/test-app';
import { TEST_PASSWORD } from '../../testing/sign-in';
import { openEventStream, type StreamEvent } from '../../testing/event-stream';
import { createChildDatabase, startServerChild } from '../../testing/server-child';
import { hashPassword } from '../auth/password';
import { leadBody } from '../leads/lead-fixtures';

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
});
