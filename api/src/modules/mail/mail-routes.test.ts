// The Mail screen's routes over real HTTP on both engines, with the real worker and a local SMTP server: admins
// only, Retry only for a failed message, the test e-mail to oneself, and the settings' validation.
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../testing/auth';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp';
import { api, ENGINES, testConfig, useTestApp } from '../../testing/test-app';
import { MailWorker } from './mail-worker';
import { MAIL_MESSAGES } from './mail-service';

const PASSWORD = 'a long test passphrase';

describe.each(ENGINES)('mail routes on %s', (engine) => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const app = useTestApp(engine, () => ({ config: { mail: { ...testConfig().mail, smtpUrl: smtp.url, siteUrl: 'https://leads.example.test', backoffMs: 20, timeoutMs: 400, pollMs: 50 } } }));
  let worker: MailWorker | undefined;
  const startWorker = () => {
    worker = new MailWorker({ db: app.db, config: app.deps.config, logger: pino({ level: 'silent' }), sessionKeys: app.deps.sessionKeys, clock: () => new Date(), workerId: 'routes-test' });
    worker.start();
  };
  let admin: string;
  let rep: string;
  beforeAll(async () => {
    await createAccount(app.db, 'ann.admin@example.com', PASSWORD, 'admin', 'Ann Admin');
    await createAccount(app.db, 'rob.rep@example.com', PASSWORD, 'rep', 'Rob Rep');
    admin = (await signIn(app.baseUrl, 'ann.admin@example.com', PASSWORD)).cookie;
    rep = (await signIn(app.baseUrl, 'rob.rep@example.com', PASSWORD)).cookie;
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await app.db('mail_message_records').delete();
    await app.db('mail_messages').delete();
    smtp.clear();
  });
  const as = (cookie: string | null, method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, cookie ? { Cookie: cookie } : {});
  const stateOf = async (id: number) => (await app.db('mail_messages').where({ id }).first())?.state as string;

  it('every route - a rep is refused 403, a signed-out request 401, an admin served', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/mail'],
      ['POST', '/api/admin/mail/1/retry'],
      ['POST', '/api/admin/mail/test'],
      ['GET', '/api/admin/mail/settings'],
      ['PUT', '/api/admin/mail/settings', { visitorConfirmation: true }],
    ];
    for (const [method, path, body] of routes) {
      expect((await as(rep, method, path, body)).status, `${method} ${path} as a rep`).toBe(403);
      expect((await as(null, method, path, body)).status, `${method} ${path} signed out`).toBe(401);
    }
    expect(await app.db('mail_messages')).toEqual([]);
    const overview = await as(admin, 'GET', '/api/admin/mail');
    expect(overview.status).toBe(200);
    expect(overview.json).toMatchObject({ transport: { mode: 'smtp', host: '127.0.0.1' }, counts: { queued: 0, sent: 0, failed: 0 }, messages: [] });
  });

  it('the test e-mail - 202, sent to the admin who asked, listed as sent', async () => {
    startWorker();
    expect((await as(admin, 'POST', '/api/admin/mail/test')).status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.rcptTo).toEqual(['ann.admin@example.com']);
    expect(mail!.parsed.text).toContain('through the SMTP server at 127.0.0.1');
    await expect.poll(async () => (await as(admin, 'GET', '/api/admin/mail?state=sent')).json.messages).toMatchObject([{ kind: 'test', to: 'ann.admin@example.com', state: 'sent', deliveredVia: 'smtp' }]);
  });

  it('Retry - a failed message is queued again and sent; a sent one is 409, an unknown id 404, each with a message', async () => {
    smtp.fail('permanent');
    startWorker();
    await as(admin, 'POST', '/api/admin/mail/test');
    const [row] = await app.db('mail_messages').select('id');
    const id = Number(row!.id);
    await expect.poll(() => stateOf(id)).toBe('failed');
    const failed = (await as(admin, 'GET', '/api/admin/mail?state=failed')).json.messages;
    expect(failed).toMatchObject([{ id, state: 'failed' }]);
    expect(failed[0].lastError).toContain('550');

    expect((await as(admin, 'POST', `/api/admin/mail/${id}/retry`)).status).toBe(204);
    await smtp.waitFor(1);
    await expect.poll(() => stateOf(id)).toBe('sent');

    const again = await as(admin, 'POST', `/api/admin/mail/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: MAIL_MESSAGES.notFailed });
    const missing = await as(admin, 'POST', `/api/admin/mail/${id + 1000}/retry`);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toEqual(expect.any(String));
  });

  it('the settings - off by default; a non-boolean is 400 with a message and changes nothing; true is kept', async () => {
    expect((await as(admin, 'GET', '/api/admin/mail/settings')).json).toEqual({ visitorConfirmation: false });
    const bad = await as(admin, 'PUT', '/api/admin/mail/settings', { visitorConfirmation: 'yes' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toContain('visitorConfirmation must be true or false');
    expect((await as(admin, 'GET', '/api/admin/mail/settings')).json).toEqual({ visitorConfirmation: false });
    const good = await as(admin, 'PUT', '/api/admin/mail/settings', { visitorConfirmation: true });
    expect(good.status).toBe(200);
    expect(good.json).toEqual({ visitorConfirmation: true });
    expect((await as(admin, 'GET', '/api/admin/mail/settings')).json).toEqual({ visitorConfirmation: true });
    await as(admin, 'PUT', '/api/admin/mail/settings', { visitorConfirmation: false });
  });
});
