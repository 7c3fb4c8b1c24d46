// DKIM: a message the transport sends with DKIM_* set carries a signature that a receiver verifies against the
// selector's public key in DNS (mailauth, with a stub resolver answering for that one name), and that fails once the
// message is changed on the way.
import crypto from 'node:crypto';
import { dkimVerify } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeSmtp, type FakeSmtp } from '../../testing/fake-smtp';
import { testConfig } from '../../testing/test-app';
import type { MailRow } from './mail-queries';
import { createMailTransport } from './mail-transport';

const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const dnsRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

const resolver = async (name: string, rrtype: string) => {
  if (rrtype === 'TXT' && name === 'mail2026._domainkey.leads.example.test') return [[dnsRecord]];
  throw Object.assign(new Error(`no ${rrtype} record for ${name}`), { code: 'ENOTFOUND' });
};

const message: MailRow = {
  id: 1, kind: 'lead_alert', cause: 'lead-1', to: 'boss@example.com', toName: 'Boss Admin', userId: 1,
  messageId: '<lead_alert.lead-1.abc@leads.example.test>', subject: 'New lead: Ada Lovelace', text: 'Ada wants a call.\n', html: '<p>Ada wants a call.</p>',
  headers: { 'Reply-To': 'ada@example.com' }, digestLine: null, state: 'running', attempts: 1, nextAttemptAt: new Date().toISOString(),
  lastError: null, windowStart: null, digestId: null, deliveredVia: null, emlFile: null, sentAt: null, createdAt: new Date().toISOString(),
};

describe('DKIM signing', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('DKIM_* set - the received message verifies (pass) for the domain; changed on the way - it no longer verifies', async () => {
    const mail = { ...testConfig().mail, smtpUrl: smtp.url, from: { name: 'DirectMailers', address: 'alerts@leads.example.test' }, dkim: { domainName: 'leads.example.test', keySelector: 'mail2026', privateKey: pem } };
    const transport = createMailTransport(mail);
    await transport.send(message);
    transport.close();
    const [received] = await smtp.waitFor(1);
    const verified = await dkimVerify(received!.raw, { resolver });
    expect(verified.results[0]).toMatchObject({ signingDomain: 'leads.example.test', status: { result: 'pass' } });
    const tampered = Buffer.from(received!.raw.toString('utf8').replace('Ada wants a call.', 'Pay this invoice.'));
    // mailauth words a body that no longer matches its hash 'neutral' (RFC 6376 6.3: the signature is not valid).
    const changed = (await dkimVerify(tampered, { resolver })).results[0]?.status;
    expect(changed?.result).not.toBe('pass');
    expect(changed?.comment).toMatch(/body hash did not verify/);
  });

  it('the settings - all three or none; a key that is not a PEM private key stops the start naming it', () => {
    expect(() => loadConfig({ DKIM_DOMAIN: 'leads.example.test' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: set all three, or none/);
    expect(() => loadConfig({ DKIM_DOMAIN: 'leads.example.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/DKIM_PRIVATE_KEY: must be a PEM private key/);
    const escaped = pem.replace(/\n/g, '\\n');
    expect(loadConfig({ DKIM_DOMAIN: 'leads.example.test', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: escaped }).mail.dkim?.privateKey).toBe(pem);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL: must be smtp:\/\//);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(loadConfig({ MAIL_FROM: 'Acme Alerts <alerts@acme.example>' }).mail.from).toEqual({ name: 'Acme Alerts', address: 'alerts@acme.example' });
    expect(loadConfig({ SITE_COMPANY_NAME: 'Acme', SITE_EMAIL: 'hi@acme.example' }).mail.from).toEqual({ name: 'Acme', address: 'hi@acme.example' });
    expect(loadConfig({ SMTP_URL: 'smtps://user:pass@smtp.example.com:465' }).mail.smtpUrl).toBe('smtps://user:pass@smtp.example.com:465');
  });
});
