// Two product processes on one PostgreSQL database, as behind a load balancer, each with its own mail worker, both
// sending to one local SMTP server: every queued message is delivered exactly once (the lease claim shares the
// queue). Three leads, posted to either process, each alert ten admins: thirty messages due at once.
import crypto from 'node:crypto';
import knexFactory from 'knex';
import { describe, expect, it, vi } from 'vitest';
import { knexConfig } from '../../db/knex';
import { startFakeSmtp } from '../../testing/fake-smtp';
import { leadBody } from '../../testing/leads';
import { createChildDatabase, startServerChild } from '../../testing/server-child';
import { api } from '../../testing/test-app';

const onPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
const ADMINS = 10;
const LEADS = 3;

onPostgres('mail across two processes on postgres', () => {
  it('30 messages queued - each accepted by the SMTP server exactly once, every row sent after one attempt', { timeout: 120_000 }, async () => {
    const smtp = await startFakeSmtp();
    const database = await createChildDatabase('postgres');
    const env = { SMTP_URL: smtp.url, MAIL_BACKOFF_MS: '50', SITE_URL: 'https://leads.example.test' };
    const servers = await Promise.all([startServerChild(database.url, env), startServerChild(database.url, env)]);
    const db = knexFactory(knexConfig(database.url));
    try {
      const now = new Date().toISOString();
      const admins = Array.from({ length: ADMINS }, (_, i) => `admin${i}@example.com`);
      // No password: these accounts only receive mail.
      await db('users').insert(admins.map((email, i) => ({ email, name: `Admin ${i}`, role: 'admin', password_hash: '!', created_at: now, updated_at: now })));
      const posted = await Promise.all(
        Array.from({ length: LEADS }, (_, i) =>
          api(servers[i % 2]!.baseUrl, 'POST', '/api/leads', leadBody({ email: `lead${i}@example.com`, firstName: `Lead${i}` }), { 'Idempotency-Key': crypto.randomUUID() }),
        ),
      );
      expect(posted.map((r) => r.status)).toEqual([201, 201, 201]);

      await vi.waitFor(async () => expect((await db('mail_messages').where({ state: 'sent' })).length).toBe(ADMINS * LEADS), { timeout: 60_000, interval: 100 });
      const rows = await db('mail_messages').select('attempts', 'state');
      expect(rows).toHaveLength(ADMINS * LEADS);
      expect(rows.every((r) => Number(r.attempts) === 1)).toBe(true);

      await smtp.waitFor(ADMINS * LEADS, 30_000);
      expect(smtp.inbox).toHaveLength(ADMINS * LEADS);
      const pairs = smtp.inbox.map((m) => `${m.rcptTo.join(',')} ${m.parsed.subject}`);
      expect(new Set(pairs).size).toBe(ADMINS * LEADS);
      expect(new Set(smtp.inbox.map((m) => m.parsed.messageId)).size).toBe(ADMINS * LEADS);
      for (const email of admins) expect(smtp.inbox.filter((m) => m.rcptTo.includes(email))).toHaveLength(LEADS);
    } finally {
      await db.destroy();
      await Promise.all(servers.map((s) => s.kill()));
      await database.drop();
      await smtp.close();
    }
  });
});
