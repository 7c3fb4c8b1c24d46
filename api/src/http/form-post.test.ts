// The public forms posted by the browser itself (no script): form-encoded bodies on the JSON routes, answered
// with pages. Real HTTP on both engines, and the web app's real server bundle renders the answers, so the
// build must exist (`npm test` builds before the unit tests).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from '../testing/test-app';
import { WEB_DIST_DIR } from '../config';
import { FORM_PAGE_TEMPLATE_FILE } from '../http/form-pages';

const LEAD = { dm_page: '/mortgage', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', company: 'Engines & Co', industry: 'mortgage', message: 'Call me <soon>', dm_trap: '' };
const SAMPLE = {
  firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', company: '', addressLine1: '1 Main St', addressLine2: '',
  city: 'Austin', state: 'TX', zip: '73301', sampleType: 'postcards', notes: '', dm_trap: '',
};

beforeAll(() => {
  if (!fs.existsSync(path.join(WEB_DIST_DIR, '..', 'server', FORM_PAGE_TEMPLATE_FILE))) {
    throw new Error('No web build: run `npm run build` first (the form answers are rendered by its server bundle)');
  }
});

describe.each(ENGINES)('form posts without script on %s', (engine) => {
  const app = useTestApp(engine);
  // What a browser's form post sends: its encoding, and an Accept that asks for a page first.
  const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
  const post = (route: string, fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
    fetch(`${app.baseUrl}${route}`, { method: 'POST', headers: { 'Content-Type': contentType, Accept: BROWSER_ACCEPT }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
  const rows = (table: string) => app.db(table).select('*').orderBy('id');

  beforeEach(async () => {
    for (const table of ['crm_sync_jobs', 'leads', 'lead_rollups', 'sample_requests', 'idempotency_keys']) await app.db(table).delete();
  });

  it.each([
    ['/api/leads', LEAD, '/thank-you', 'leads'],
    ['/api/print-samples', SAMPLE, '/print/samples/thank-you', 'sample_requests'],
  ])('%s stored - 303 to the thank-you page, nothing personal in the URL; a second post of the same content stores nothing more', async (route, fields, thankYou, table) => {
    const first = await post(route, fields);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe(thankYou);
    const again = await post(route, fields);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(thankYou);
    const stored = await rows(table);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', spam_reason: null });
    const jobs = await app.db('crm_sync_jobs').select('kind');
    expect(jobs).toHaveLength(1);
  });

  it('the lead keeps the source of the page it was sent from, and the fixed lead source', async () => {
    await post('/api/leads', LEAD);
    expect((await rows('leads'))[0]).toMatchObject({ source: 'Mortgage Landing Page', lead_source: 'DirectMailers Website', company: 'Engines & Co', message: 'Call me <soon>' });
  });

  it('refused - 422 with the form page: each message beside its field, every value kept as typed (escaped)', async () => {
    const res = await post('/api/leads', { ...LEAD, lastName: '', email: 'not-an-email', message: 'Call me <soon>' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+-lastName-error)"[^>]*name="lastName"/);
    expect(html).toMatch(/<p id="[^"]+-lastName-error"[^>]*>Last name is required<\/p>/);
    expect(html).toMatch(/<p id="[^"]+-email-error"[^>]*>Please enter a valid email<\/p>/);
    expect(html).toMatch(/name="email" value="not-an-email"/);
    expect(html).toContain('value="Engines &amp; Co"');
    expect(html).toContain('Call me &lt;soon&gt;</textarea>');
    // The first refused field takes focus, so the browser scrolls to the form.
    expect(html).toMatch(/autofocus=""[^>]*name="lastName"/);
    // The answer is a page without script: its form posts again the same way.
    expect(html).not.toMatch(/<script/);
    expect(html).toContain('action="/api/leads"');
    expect(await rows('leads')).toHaveLength(0);
  });

  it('refused from the 404 page - 422 with that page, its form shown with the values and messages; from a page whose form is a dialog - the landing page\'s form', async () => {
    const fromNotFound = await post('/api/leads', { ...LEAD, dm_page: '/print/no-such-page', email: 'nope' });
    expect(fromNotFound.status).toBe(422);
    const html = await fromNotFound.text();
    expect(html).toContain('Page not found');
    expect(html).toMatch(/<div id="contact-us" class="[^"]*"/);
    expect(html).not.toMatch(/<div id="contact-us" class="[^"]*\bhidden\b/);
    expect(html).toMatch(/-email-error"[^>]*>Please enter a valid email<\/p>/);
    expect(html).toContain('value="Engines &amp; Co"');

    for (const dmPage of ['/mortgage', '//evil.example/x', 'javascript:alert(1)']) {
      const res = await post('/api/leads', { ...LEAD, dm_page: dmPage, email: 'nope' });
      expect(res.status).toBe(422);
      const page = await res.text();
      expect(page).not.toContain('Page not found');
      expect(page).toMatch(/-email-error"[^>]*>Please enter a valid email<\/p>/);
      expect(page).toContain('action="/api/leads"');
    }
    expect(await rows('leads')).toHaveLength(0);
  });

  it('a sample request refused for its ZIP - 422 with the message and the address kept', async () => {
    const res = await post('/api/print-samples', { ...SAMPLE, zip: '123' });
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toMatch(/-zip-error"[^>]*>ZIP code must be 12345 or 12345-6789<\/p>/);
    expect(html).toContain('value="1 Main St"');
    expect(html).toMatch(/<option value="TX" selected="">/);
  });

  it.each([
    ['/api/leads', LEAD, { firstName: 'First name is required', lastName: 'Last name is required', email: 'Email is required' }],
    [
      '/api/print-samples',
      SAMPLE,
      {
        firstName: 'First name is required', lastName: 'Last name is required', email: 'Email is required', addressLine1: 'Address line 1 is required',
        city: 'City is required', state: 'Please choose a US state', zip: 'ZIP code is required', sampleType: 'Please choose a sample type',
      },
    ],
  ])('%s with every required field left empty - 422, each message beside its own field, the other values kept', async (route, fields, messages) => {
    const emptied = Object.fromEntries(Object.keys(messages).map((name) => [name, '']));
    const res = await post(route, { ...fields, ...emptied, [route === '/api/leads' ? 'message' : 'notes']: 'Kept <as typed>' });
    expect(res.status).toBe(422);
    const html = await res.text();
    for (const [name, message] of Object.entries(messages)) {
      const described = new RegExp(`<(?:input|select)[^>]*aria-invalid="true"[^>]*aria-describedby="([^"]+-${name}-error)"[^>]*name="${name}"`).exec(html);
      expect(described, `${name} is marked invalid and tied to its message`).not.toBeNull();
      expect(html).toContain(`<p id="${described![1]}" class="text-sm text-red-700">${message}</p>`);
    }
    expect(html).toContain('Kept &lt;as typed&gt;</textarea>');
    expect(await rows(route === '/api/leads' ? 'leads' : 'sample_requests')).toHaveLength(0);
  });

  it.each([
    ['a person\'s pace', '5200', null],
    ['faster than a person fills a form', '300', 'fill_time'],
    ['not a number (as if script were off: untimed)', '12ms', null],
  ])('the fill time the page\'s boot script stamps - %s', async (_pace, fillMs, spamReason) => {
    const res = await post('/api/leads', { ...LEAD, dm_fill_ms: fillMs });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you');
    const [lead] = await rows('leads');
    expect(lead).toMatchObject({ spam_reason: spamReason });
    // A measurement, never stored as part of the lead.
    expect(JSON.stringify(lead)).not.toContain('dm_fill_ms');
  });

  it('the honeypot filled - the same 303, and the lead waits in quarantine', async () => {
    const res = await post('/api/leads', { ...LEAD, dm_trap: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you');
    expect((await rows('leads'))[0]).toMatchObject({ spam_reason: 'honeypot' });
  });

  it('too large - 413, another encoding a form can send - 415: pages with the reason and a way back to the form; JSON stays JSON', async () => {
    const big = await fetch(`${app.baseUrl}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: BROWSER_ACCEPT, Referer: `${app.baseUrl}/print/no-such-page` },
      body: new URLSearchParams({ ...LEAD, message: 'x'.repeat(40_000) }).toString(),
      redirect: 'manual',
    });
    expect(big.status).toBe(413);
    expect(big.headers.get('content-type')).toMatch(/^text\/html/);
    const bigPage = await big.text();
    expect(bigPage).toContain('Failed to submit form. Please try again.');
    expect(bigPage).toContain('32 KB at most');
    expect(bigPage).toContain('href="/print/no-such-page">Back to the form</a>');
    expect(bigPage).not.toMatch(/<script/);

    const multipart = await post('/api/print-samples', SAMPLE, 'multipart/form-data; boundary=x');
    expect(multipart.status).toBe(415);
    expect(multipart.headers.get('content-type')).toMatch(/^text\/html/);
    // No Referer (or another site's): back to the form's own page.
    expect(await multipart.text()).toContain('href="/print/samples">Back to the form</a>');

    // A script's JSON over the limit, a script's text/plain (it asks for anything, not a page), and the form
    // encoding on a route no form posts to, stay JSON.
    const bigJson = await fetch(`${app.baseUrl}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...LEAD, message: 'x'.repeat(40_000) }) });
    expect(bigJson.status).toBe(413);
    expect(await bigJson.json()).toEqual({ message: 'Request body is too large (32 KB at most)' });
    const script = await fetch(`${app.baseUrl}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' });
    expect(script.status).toBe(415);
    expect(await script.json()).toEqual({ message: 'Request body must be JSON' });
    const elsewhere = await post('/api/admin/leads/1/release', { a: 'b' });
    expect(elsewhere.status).toBe(415);
    expect(await elsewhere.json()).toEqual({ message: 'Request body must be JSON' });
    expect(await rows('leads')).toHaveLength(0);
  });
});

describe.each(ENGINES)('form posts over the rate limit on %s', (engine) => {
  const app = useTestApp(engine, { config: { rateLimitPerMinute: 120, untimedRateLimitPerMinute: 1 } });

  it('429 with the form page, the values kept and the form failure message; nothing stored', async () => {
    const post = (email: string) =>
      fetch(`${app.baseUrl}/api/leads`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ ...LEAD, email }).toString(), redirect: 'manual' });
    expect((await post('first@example.com')).status).toBe(303);
    const limited = await post('second@example.com');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(html).toContain('name="email" value="second@example.com"');
    expect(html).toMatch(/role="alert"[^>]*>Failed to submit form. Please try again.<\/p>/);
    expect((await app.db('leads').where({ email: 'second@example.com' })).length).toBe(0);
  });

  it('a post carrying the fill time the boot script stamped counts against the general limit only, as the app\'s submissions do', async () => {
    const post = (email: string) =>
      fetch(`${app.baseUrl}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...LEAD, email, dm_fill_ms: '8000' }).toString(),
        redirect: 'manual',
      });
    for (const n of [1, 2, 3]) expect((await post(`timed${n}@example.com`)).status).toBe(303);
    expect(await app.db('leads').whereLike('email', 'timed%').whereNull('spam_reason')).toHaveLength(3);
  });
});
