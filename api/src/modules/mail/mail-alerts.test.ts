// Lead alerts end to end on both engines: the real app over real HTTP, the real mail worker, and a local SMTP
// server that parses what it receives (api/src/testing/fake-smtp.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MailConfig } from '../../config';
import { createAccount, signIn } from '../../testing/auth';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp';
import { mailSendFailures } from '../../lib/metrics';
import { leadBody } from '../../testing/leads';
import { api, ENGINES, testConfig, useTestApp, type UsedTestApp } from '../../testing/test-app';
import { createSubmissions } from '../../wiring';
import { startFakePipedrive } from '../../testing/fake-pipedrive';
import { CrmSyncWorker } from '../crm';
import { MailWorker } from './mail-worker';

const silent = pino({ level: 'silent' });
const PASSWORD = 'a long test passphrase';

function mailConfig(smtpUrl: string | undefined, extra: Partial<MailConfig> = {}): MailConfig {
  return { ...testConfig().mail, smtpUrl, siteUrl: 'https://leads.example.test', backoffMs: 20, timeoutMs: 400, pollMs: 50, ...extra };
}

/** A clock the test moves: the app's and the worker's, so a minute can pass in a moment. */
function movableClock() {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  return { clock, advance: (ms: number) => (offsetMs += ms) };
}

const postLead = (app: UsedTestApp, overrides: Parameters<typeof leadBody>[0] = {}, key = crypto.randomUUID()) =>
  api(app.baseUrl, 'POST', '/api/leads', leadBody(overrides), { 'Idempotency-Key': key });

describe.each(ENGINES)('lead alerts by e-mail on %s', (engine) => {
  let smtp: FakeSmtp;
  const time = movableClock();
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });
  const app = useTestApp(engine, () => ({ config: { mail: mailConfig(smtp.url) }, clock: time.clock }));
  const workers: MailWorker[] = [];
  const startWorker = (workerId = 'w1') => {
    const worker = new MailWorker({ db: app.db, config: app.deps.config, logger: silent, sessionKeys: app.deps.sessionKeys, clock: time.clock, workerId });
    worker.start();
    workers.push(worker);
    return worker;
  };
  let admin: { id: number; cookie: string };
  let rep: { id: number };
  beforeAll(async () => {
    const a = await createAccount(app.db, 'boss@example.com', PASSWORD, 'admin', 'Boss Admin');
    rep = await createAccount(app.db, 'rep@example.com', PASSWORD, 'rep', 'Field Rep');
    admin = { id: a.id, cookie: (await signIn(app.baseUrl, 'boss@example.com', PASSWORD)).cookie };
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    // Each test starts with an empty queue and inbox, and a fresh minute for the digest.
    await app.db('mail_message_records').delete();
    await app.db('mail_messages').delete();
    smtp.clear();
    time.advance(120_000);
  });
  const messages = () => app.db('mail_messages').select('*').orderBy('id');

  it('a new lead - one multipart alert to the admin (not the rep), Reply-To the lead, a link to the lead, one-click unsubscribe', async () => {
    startWorker();
    const res = await postLead(app, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines', message: 'Please <b>call</b> me.' });
    expect(res.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox).toHaveLength(1);
    expect(mail!.rcptTo).toEqual(['boss@example.com']);
    expect(mail!.parsed.subject).toBe('New lead: Ada Lovelace, Analytical Engines');
    expect(mail!.parsed.replyTo?.value[0]?.address).toBe('ada@example.com');
    expect(mail!.parsed.messageId).toMatch(new RegExp(`^<lead_alert\\.lead-${res.json.id}\\.[0-9a-f]{20}@leads\\.example\\.test>$`));
    expect(mail!.parsed.text).toContain(`https://leads.example.test/admin?lead=${res.json.id}`);
    expect(mail!.parsed.text).toContain('Mortgage & Banking');
    expect(mail!.parsed.text).toContain('Please <b>call</b> me.');
    expect(mail!.parsed.html).toContain('Please &lt;b&gt;call&lt;/b&gt; me.');
    expect(mail!.parsed.html).not.toMatch(/<img|src=|url\(/i);
    expect(mail!.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.header('list-unsubscribe')).toMatch(/https:\/\/leads\.example\.test\/api\/mail\/unsubscribe\?u=\d+&k=leads&t=/);
    await expect.poll(async () => (await messages())[0]?.state).toBe('sent');
    const [row] = await messages();
    expect(row).toMatchObject({ state: 'sent', delivered_via: 'smtp', kind: 'lead_alert' });
    void rep;
  });

  it('a lead whose transaction fails - nothing is queued and nothing sent', async () => {
    // A follower after mail's that throws: the record's transaction rolls back with the alert in it.
    const base = app.deps;
    const submissions = createSubmissions(silent, base.live, base);
    submissions.follow({ name: 'boom', inTransaction: async () => { throw new Error('the disk is full'); } });
    const { startTestApp } = await import('../../testing/test-app');
    const failing = await startTestApp(app.db, { config: base.config, clock: time.clock, submissions });
    try {
      startWorker();
      const res = await api(failing.baseUrl, 'POST', '/api/leads', leadBody({ email: 'lost@example.com' }), { 'Idempotency-Key': crypto.randomUUID() });
      expect(res.status).toBe(500);
      await new Promise((r) => setTimeout(r, 400));
      expect(await messages()).toEqual([]);
      expect(smtp.inbox).toEqual([]);
      expect(await app.db('leads').where({ email: 'lost@example.com' })).toEqual([]);
    } finally {
      await failing.close();
    }
  });

  it('a replayed submission, and the same lead stored by two requests at once - one message per recipient', async () => {
    const key = crypto.randomUUID();
    const [a, b] = await Promise.all([postLead(app, { email: 'twice@example.com' }, key), postLead(app, { email: 'twice@example.com' }, key)]);
    const c = await postLead(app, { email: 'twice@example.com' }, key);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    startWorker();
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toHaveLength(1);
    expect(await messages()).toHaveLength(1);
  });

  it('421 then accepted - tried again after a backoff and sent; the attempts are counted', async () => {
    smtp.fail('temporary', 2);
    startWorker();
    await postLead(app, { email: 'later@example.com' });
    await smtp.waitFor(1);
    await expect.poll(async () => (await messages())[0]?.state).toBe('sent');
    const [row] = await messages();
    expect(row).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('550 - failed at once with the server reply, never tried again', async () => {
    smtp.fail('permanent', 5);
    startWorker();
    await postLead(app, { email: 'nobody@example.com' });
    await expect.poll(async () => (await messages())[0]?.state, { timeout: 10_000 }).toBe('failed');
    const [row] = await messages();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/^550 5\.1\.1 No such mailbox here/);
    expect(smtp.attempts()).toBe(1);
  });

  it('connection dropped during DATA - tried again and sent once', async () => {
    smtp.fail('drop', 1);
    startWorker();
    await postLead(app, { email: 'dropped@example.com' });
    await smtp.waitFor(1);
    await expect.poll(async () => (await messages())[0]?.state).toBe('sent');
    const [row] = await messages();
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
    expect(smtp.inbox).toHaveLength(1);
  });

  it('a server that never answers - the attempt times out and is tried again', async () => {
    smtp.fail('silent', 1);
    startWorker();
    await postLead(app, { email: 'silent@example.com' });
    await smtp.waitFor(1, 15_000);
    await expect.poll(async () => (await messages())[0]?.state).toBe('sent');
    const [row] = await messages();
    expect(row).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('temporary failures past the last attempt - failed, saying it gave up and why; counted in dm_mail_send_failures_total', async () => {
    const counted = async (outcome: string) => (await mailSendFailures.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    const before = { retry: await counted('retry'), failed: await counted('failed') };
    smtp.fail('temporary', 50);
    const worker = new MailWorker({ db: app.db, config: { mail: mailConfig(smtp.url, { maxAttempts: 3, backoffMs: 10 }) }, logger: silent, sessionKeys: app.deps.sessionKeys, clock: time.clock });
    worker.start();
    workers.push(worker);
    await postLead(app, { email: 'giveup@example.com' });
    await expect.poll(async () => (await messages())[0]?.state, { timeout: 10_000 }).toBe('failed');
    const [row] = await messages();
    expect(row.attempts).toBe(3);
    expect(row.last_error).toMatch(/^Gave up after 3 attempts: 421/);
    expect((await counted('retry')) - before.retry).toBe(2);
    expect((await counted('failed')) - before.failed).toBe(1);
  });

  it('eight leads in a minute - five alerts one by one, then one digest listing the other three when the minute ends', async () => {
    startWorker();
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await postLead(app, { email: `burst${i}@example.com`, firstName: `Burst${i}` })).json.id);
    await smtp.waitFor(5);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toHaveLength(5);
    expect((await messages()).filter((m) => m.state === 'held')).toHaveLength(3);
    time.advance(61_000);
    const inbox = await smtp.waitFor(6);
    const digest = inbox[5]!;
    expect(digest.parsed.subject).toBe('3 new alerts in the last minute');
    for (const id of ids.slice(5)) expect(digest.parsed.text).toContain(`/admin?lead=${id}`);
    for (const id of ids.slice(0, 5)) expect(digest.parsed.text).not.toContain(`/admin?lead=${id}\n`);
    expect((await messages()).filter((m) => m.state === 'folded')).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.inbox).toHaveLength(6);
  });

  it('suspected spam - no alert; released from quarantine - alerted, saying so', async () => {
    startWorker();
    const spam = await postLead(app, { email: 'spammy@example.com', elapsedMs: 10 });
    expect(spam.status).toBe(201);
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.inbox).toEqual([]);
    expect(await messages()).toEqual([]);
    const release = await api(app.baseUrl, 'POST', `/api/admin/leads/${spam.json.id}/release`, undefined, { Cookie: admin.cookie });
    expect(release.status).toBe(200);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.text).toContain('Released from quarantine');
  });

  it('unsubscribe - GET only asks; the one-click POST turns new-lead e-mail off, and the next lead is not sent', async () => {
    startWorker();
    await postLead(app, { email: 'first@example.com' });
    const [mail] = await smtp.waitFor(1);
    const link = /<([^>]+)>/.exec(mail!.header('list-unsubscribe')!)![1]!.replace('https://leads.example.test', app.baseUrl);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop e-mails about new leads?');
    const prefs = async () => (await api(app.baseUrl, 'GET', '/api/admin/notifications/preferences', undefined, { Cookie: admin.cookie })).json;
    expect((await prefs()).email).toEqual({ leads: true, samples: true, captures: false, crmFailures: false });
    // A forged token, and another kind's link with this token, are refused.
    const forged = await fetch(link.replace(/t=[^&]+/, 't=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), { method: 'POST' });
    expect(forged.status).toBe(404);
    const otherKind = await fetch(link.replace('k=leads', 'k=samples'), { method: 'POST' });
    expect(otherKind.status).toBe(404);
    const post = await fetch(link, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(post.status).toBe(200);
    expect((await prefs()).email).toEqual({ leads: false, samples: true, captures: false, crmFailures: false });
    await postLead(app, { email: 'second@example.com' });
    await new Promise((r) => setTimeout(r, 400));
    expect(smtp.inbox).toHaveLength(1);
    // Back on for the tests after this one.
    const current = await prefs();
    await api(app.baseUrl, 'PUT', '/api/admin/notifications/preferences', { ...current, email: { ...current.email, leads: true } }, { Cookie: admin.cookie });
  });

  it('the visitor confirmation - off by default; on, one per address per day whatever is posted, never for spam, fixed wording', async () => {
    startWorker();
    await postLead(app, { email: 'visitor@example.com' });
    await smtp.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.inbox.map((m) => m.rcptTo[0])).toEqual(['boss@example.com']);
    const on = await api(app.baseUrl, 'PUT', '/api/admin/mail/settings', { visitorConfirmation: true }, { Cookie: admin.cookie });
    expect(on.json).toEqual({ visitorConfirmation: true });
    smtp.clear();
    time.advance(120_000);
    // Three more posts from one address (spelt three ways), a bot's, and a sample request from another.
    await postLead(app, { email: 'Target@Example.com', message: 'Visit http://evil.example now' });
    await postLead(app, { email: 'target@example.com ' });
    await postLead(app, { email: 'TARGET@example.com' });
    await postLead(app, { email: 'bot@example.com', elapsedMs: 5 });
    const sample = await api(app.baseUrl, 'POST', '/api/print-samples', {
      firstName: 'Sam', lastName: 'Pler', email: 'sam@example.com', addressLine1: '12 Engine Row', city: 'Austin', state: 'TX', zip: '78701', sampleType: 'postcards', notes: 'ignore me', elapsedMs: 6000,
    }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(sample.status).toBe(201);
    await expect.poll(() => smtp.inbox.filter((m) => !m.rcptTo.includes('boss@example.com')).length, { timeout: 10_000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    const confirmations = smtp.inbox.filter((m) => !m.rcptTo.includes('boss@example.com'));
    expect(confirmations.map((m) => m.rcptTo[0]!.toLowerCase()).sort()).toEqual(['sam@example.com', 'target@example.com']);
    const lead = confirmations.find((m) => m.rcptTo[0]!.toLowerCase() === 'target@example.com')!;
    expect(lead.parsed.text).not.toContain('evil.example');
    expect(lead.parsed.text).toContain('Thank you, Ada');
    const pack = confirmations.find((m) => m.rcptTo[0] === 'sam@example.com')!;
    expect(pack.parsed.text).toContain('12 Engine Row');
    expect(pack.parsed.text).toContain('Austin, Texas 78701');
    expect(pack.parsed.text).not.toContain('ignore me');
    await api(app.baseUrl, 'PUT', '/api/admin/mail/settings', { visitorConfirmation: false }, { Cookie: admin.cookie });
  });

  it('a CRM sync failed for good - e-mailed, with the reason, to whoever chose CRM sync failures (off until chosen)', async () => {
    const fake = await startFakePipedrive();
    const crm = { ...app.deps.config.crm, pipedriveApiToken: fake.token, pipedriveBaseUrl: fake.url, backoffMs: 5, maxAttempts: 2, pollMs: 50 };
    const crmWorker = new CrmSyncWorker({ db: app.db, config: { crm, mail: app.deps.config.mail }, logger: silent, sessionKeys: app.deps.sessionKeys, clock: time.clock });
    // The earlier tests' leads wait in the CRM queue too: only this one is to be synced.
    await app.db('crm_sync_jobs').update({ state: 'done' });
    const prefs = (await api(app.baseUrl, 'GET', '/api/admin/notifications/preferences', undefined, { Cookie: admin.cookie })).json;
    try {
      expect(prefs.email.crmFailures).toBe(false);
      await api(app.baseUrl, 'PUT', '/api/admin/notifications/preferences', { ...prefs, email: { ...prefs.email, leads: false, crmFailures: true } }, { Cookie: admin.cookie });
      fake.failNext(Infinity, { status: 503 });
      startWorker();
      crmWorker.start();
      const lead = await postLead(app, { email: 'crm@example.com', firstName: 'Cora' });
      const [mail] = await smtp.waitFor(1);
      expect(mail!.parsed.subject).toBe('CRM sync failed: Cora Lovelace, Analytical Engines');
      expect(mail!.parsed.text).toMatch(/Why: Gave up after 2 attempts: .*503/);
      expect(mail!.parsed.text).toContain(`/admin?lead=${lead.json.id}`);
      expect(mail!.parsed.replyTo).toBeUndefined();
    } finally {
      await api(app.baseUrl, 'PUT', '/api/admin/notifications/preferences', { ...prefs, email: { ...prefs.email, leads: true, crmFailures: false } }, { Cookie: admin.cookie });
      await crmWorker.stop();
      await fake.close();
    }
  });

  it('without SMTP_URL - each message is saved as a 0600 .eml file and listed as saved on this server', async () => {
    const dir = fs.mkdtempSync('/tmp/dm-eml-');
    const worker = new MailWorker({ db: app.db, config: { mail: mailConfig(undefined, { dir: `${dir}/mail` }) }, logger: silent, sessionKeys: app.deps.sessionKeys, clock: time.clock });
    worker.start();
    workers.push(worker);
    await postLead(app, { email: 'saved@example.com' });
    await expect.poll(async () => (await messages())[0]?.state, { timeout: 10_000 }).toBe('sent');
    const [row] = await messages();
    expect(row.delivered_via).toBe('file');
    const stat = fs.statSync(row.eml_file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${dir}/mail`).mode & 0o777).toBe(0o700);
    expect(fs.readFileSync(row.eml_file, 'utf8')).toContain('Subject: New lead: Ada Lovelace');
    expect(smtp.inbox).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
