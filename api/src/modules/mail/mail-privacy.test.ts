// Mail's part of a person's rights on both engines: the export holds every message about their records (sent or
// still queued), and the erasure removes those messages and the .eml files saved for them, leaving another
// person's alone. Messages are saved as files here (no SMTP_URL), as a newcomer's server does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PersonExport } from '../../contract';
import { createAccount, signIn } from '../../testing/auth';
import { leadBody } from '../../testing/leads';
import { api, ENGINES, testConfig, useTestApp } from '../../testing/test-app';
import { MailWorker } from './mail-worker';

const PASSWORD = 'a long test passphrase';
const PERSON = 'grace.erased@example.com';
const BYSTANDER = 'kept.bystander@example.com';

describe.each(ENGINES)('mail in export and erasure on %s', (engine) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-mail-privacy-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const app = useTestApp(engine, { config: { mail: { ...testConfig().mail, smtpUrl: undefined, dir, backoffMs: 20, pollMs: 50 } } });
  let admin: string;
  const postLead = (email: string, firstName: string) =>
    api(app.baseUrl, 'POST', '/api/leads', leadBody({ email, firstName, lastName: 'Hopper', company: `${firstName} Co` }), { 'Idempotency-Key': crypto.randomUUID() });
  const rowsTo = () => app.db('mail_messages').select('*').orderBy('id');

  beforeAll(async () => {
    await createAccount(app.db, 'ed.admin@example.com', PASSWORD, 'admin', 'Ed Admin');
    admin = (await signIn(app.baseUrl, 'ed.admin@example.com', PASSWORD)).cookie;
    // One alert about the person and one about a bystander saved as .eml files, then one about the person left queued.
    const worker = new MailWorker({ db: app.db, config: app.deps.config, logger: pino({ level: 'silent' }), sessionKeys: app.deps.sessionKeys, clock: () => new Date(), workerId: 'privacy-test' });
    worker.start();
    expect((await postLead(PERSON, 'Grace')).status).toBe(201);
    expect((await postLead(BYSTANDER, 'Kim')).status).toBe(201);
    await vi.waitFor(async () => expect((await rowsTo()).filter((r) => r.state === 'sent')).toHaveLength(2), { timeout: 10_000, interval: 50 });
    await worker.stop();
    expect((await postLead(PERSON, 'Grace')).status).toBe(201);
  });

  it('export - every message about the person, sent and queued, with its text; none about anyone else', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/admin/people/export', { email: PERSON }, { Cookie: admin });
    expect(res.status).toBe(200);
    const file = res.json as PersonExport;
    expect(file.mail.map((m) => [m.kind, m.state, m.to])).toEqual([
      ['lead_alert', 'sent', 'ed.admin@example.com'],
      ['lead_alert', 'pending', 'ed.admin@example.com'],
    ]);
    for (const m of file.mail) {
      expect(m.subject).toContain('Grace Hopper');
      expect(m.text).toContain(PERSON);
    }
    expect(JSON.stringify(file.mail)).not.toContain(BYSTANDER);
  });

  it('erase - the messages about the person and their saved .eml file are gone; the bystander\'s message and file stay', async () => {
    const before = await rowsTo();
    const theirFile = before.find((r) => r.state === 'sent' && String(r.text_body).includes(PERSON))!.eml_file as string;
    const keptFile = before.find((r) => String(r.text_body).includes(BYSTANDER))!.eml_file as string;
    expect(fs.existsSync(theirFile)).toBe(true);

    expect((await api(app.baseUrl, 'POST', '/api/admin/people/erase', { email: PERSON }, { Cookie: admin })).status).toBe(200);

    const after = await rowsTo();
    expect(after.map((r) => r.text_body as string).filter((t) => t.includes(PERSON) || t.includes('Grace'))).toEqual([]);
    expect(after.filter((r) => String(r.text_body).includes(BYSTANDER))).toHaveLength(1);
    await expect.poll(() => fs.existsSync(theirFile)).toBe(false);
    expect(fs.existsSync(keptFile)).toBe(true);
    const again = await api(app.baseUrl, 'POST', '/api/admin/people/export', { email: PERSON }, { Cookie: admin });
    expect((again.json as PersonExport).mail).toEqual([]);
  });
});
