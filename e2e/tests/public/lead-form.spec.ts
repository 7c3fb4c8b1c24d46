// The lead form inline (landing page) and in the modal: required fields and their messages, fields per
// mode, the error toast on a real server failure and a retry that reuses the Idempotency-Key, the spam
// guards, and the stored row. Every answer comes from the real server.
import { expect, test, type Page, type Request } from '@playwright/test';
import { HONEYPOT_FORM_FIELD, LEAD_SOURCE_LABEL } from '../../../api/src/contract';
import { LeadFormPage } from '../../pages/lead-form';
import { SiteChrome } from '../../pages/site-chrome';
import { closeE2eDb, countLeadsByEmail, findLeadByEmail } from './support/e2e-db';
import { closeWriteFaultsDb, failWritesOf } from '../../support/write-faults';
import { fillLead, waitOutMinimumFillTime } from './support/lead-helpers';
import { uniqueEmail } from './support/unique';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });
test.afterAll(closeE2eDb);
test.afterAll(closeWriteFaultsDb);

/** Each test's injected server fault, removed after it. */
const recoveries: (() => Promise<void>)[] = [];
test.afterEach(async () => {
  for (const recover of recoveries.splice(0)) await recover();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function recordLeadPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/leads') posts.push(r);
  });
  return posts;
}

async function openModal(page: Page, path: string) {
  await page.goto(path);
  const chrome = new SiteChrome(page);
  await chrome.ready();
  await chrome.getDemoButton().click();
  const form = LeadFormPage.modal(page);
  await expect(form.firstName).toBeVisible();
  return form;
}

async function expectRedError(form: LeadFormPage, field: 'firstName' | 'lastName' | 'email', text: string) {
  const message = form.error(text);
  await expect(message).toBeVisible();
  // Tied to its field: shown under it, announced with it and marked invalid.
  await expect(form[field]).toHaveAttribute('aria-invalid', 'true');
  await expect(form[field]).toHaveAccessibleDescription(text);
  // Tailwind v4 writes colours in oklch; a canvas turns the computed colour into plain RGB.
  const [r, g, b] = await message.evaluate((el) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el).color;
    ctx.fillRect(0, 0, 1, 1);
    return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
  }) as [number, number, number];
  expect(r > 150 && g < 80 && b < 80, `error text is red, got rgb(${r}, ${g}, ${b})`).toBe(true);
}

for (const mode of ['inline', 'modal'] as const) {
  test(`${mode} form - empty submit shows each required message in red and sends nothing`, async ({ page }) => {
    const posts = recordLeadPosts(page);
    let form: LeadFormPage;
    if (mode === 'inline') {
      await page.goto('/#contact');
      // The page's script starts after its first paint; a form submitted before it has run is not checked yet.
      await new SiteChrome(page).ready();
      form = LeadFormPage.inline(page);
    } else {
      form = await openModal(page, '/print');
    }
    await form.submit.click();
    await expectRedError(form, 'firstName', 'First name is required');
    await expectRedError(form, 'lastName', 'Last name is required');
    await expectRedError(form, 'email', 'Email is required');
    await expect(form.firstName).toBeFocused();

    // Values are trimmed before checking: spaces alone are still empty.
    await form.firstName.fill('   ');
    await form.lastName.fill('Rivera');
    await form.email.fill('jane@example');
    await form.submit.click();
    await expectRedError(form, 'firstName', 'First name is required');
    await expectRedError(form, 'email', 'Please enter a valid email');
    await expect(form.error('Last name is required')).toHaveCount(0);

    await form.email.fill('jane.example.com');
    await form.submit.click();
    await expectRedError(form, 'email', 'Please enter a valid email');
    expect(posts).toHaveLength(0);
  });
}

test('fields per mode - phone and volume in the modal only, message 3 rows in the modal and 4 inline', async ({ page }) => {
  await page.goto('/');
  const inline = LeadFormPage.inline(page);
  await expect(inline.message).toHaveAttribute('rows', '4');
  await expect(inline.phone).toHaveCount(0);
  await expect(inline.volume).toHaveCount(0);
  await expect(inline.industry.locator('option')).toHaveText(['Select your industry', 'Automotive', 'Health & Wellness', 'Home Services', 'Mortgage & Banking', 'Retail & eCommerce', 'Other']);

  const modal = LeadFormPage.modal(page);
  await new SiteChrome(page).getDemoButton().click();
  await expect(modal.message).toHaveAttribute('rows', '3');
  await expect(modal.phone).toBeVisible();
  const volumes = await modal.volume.locator('option').evaluateAll((opts) => opts.map((o) => (o as HTMLOptionElement).value));
  expect(volumes).toEqual(['', 'under-1000', '1000-5000', '5000-25000', '25000-100000', 'over-100000']);
});

interface SentPost {
  key: string | null;
  body: Record<string, unknown>;
}

/**
 * Notes each lead POST's Idempotency-Key and body, then sends it on to the real server unchanged. Read through
 * a route on purpose: ky clones each request before sending it, which leaves Chromium reporting no post data
 * for requests nobody routes.
 */
async function passLeadPostsThrough(page: Page, hold?: Promise<void>): Promise<SentPost[]> {
  const sent: SentPost[] = [];
  await page.route('**/api/leads', async (route) => {
    sent.push({ key: await route.request().headerValue('Idempotency-Key'), body: route.request().postDataJSON() as Record<string, unknown> });
    await hold;
    await route.continue();
  });
  return sent;
}

test('server error - the Error toast appears, the form keeps its values and the retry reuses the Idempotency-Key', async ({ page }) => {
  const email = uniqueEmail('server-error');
  recoveries.push(await failWritesOf('leads', 'insert', 'email', email));
  const sent = await passLeadPostsThrough(page);
  const failed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/leads' && res.status() === 500);
  const form = await openModal(page, '/');
  await fillLead(form, { firstName: 'Jane', lastName: 'Rivera', email, industry: 'retail', volume: '1000-5000' }, 'modal');
  await form.submit.click();
  await failed;

  const toast = page.getByRole('listitem').filter({ hasText: 'Failed to submit form. Please try again.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  await expect(form.firstName).toHaveValue('Jane');
  await expect(form.volume).toHaveValue('1000-5000');
  await expect(form.thankYou).toHaveCount(0);
  const [first] = sent;
  expect(first!.key).toMatch(UUID);

  // The same content again (by hand, or by the outbox's own retry meanwhile): the same key and the same body.
  const before = sent.length;
  await form.submit.click();
  await expect.poll(() => sent.length).toBeGreaterThan(before);
  for (const retry of sent) expect(retry).toEqual(first);

  // Changed content is another submission, under a key of its own.
  await form.company.fill('Acme');
  await form.submit.click();
  await expect.poll(() => sent.filter((p) => p.body.company === 'Acme').length).toBeGreaterThan(0);
  const changed = sent.find((p) => p.body.company === 'Acme')!;
  expect(changed.key).toMatch(UUID);
  expect(changed.key).not.toBe(first!.key);
});

test('two quick failures - one toast in the notifications list, not two', async ({ page }) => {
  const email = uniqueEmail('two-failures');
  recoveries.push(await failWritesOf('leads', 'insert', 'email', email));
  const sent = await passLeadPostsThrough(page);
  const form = await openModal(page, '/print');
  await fillLead(form, { firstName: 'Jane', lastName: 'Rivera', email }, 'modal');
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

  await form.submit.click();
  await expect(toasts.filter({ hasText: 'Failed to submit form. Please try again.' })).toHaveCount(1);
  await form.company.fill('Acme');
  const secondFailed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/leads' && res.status() === 500 && sent.some((p) => p.body.company === 'Acme'));
  await form.submit.click();
  await secondFailed;
  // The form is back to idle only after it raised its toast for the second failure.
  await expect(form.scope.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  // The toaster applies a new toast on its next task; give it a few frames before counting.
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 50)));
  // Counted once, not retried: an older toast that merely waits hidden behind the newest one still sits in
  // the notifications list, is still announced, and shows once the newest closes.
  expect(await toasts.count()).toBe(1);
  await expect(toasts).toContainText('Failed to submit form. Please try again.');
});

test('submission - sends every field, the labels, the honeypot and the fill time; shows Submitting... until the server answers', async ({ page }) => {
  const email = uniqueEmail('every-field');
  let release!: () => void;
  const sent = await passLeadPostsThrough(page, new Promise<void>((r) => (release = r)));
  const form = await openModal(page, '/USPSInformedDelivery');
  await fillLead(
    form,
    { firstName: '  Jane ', lastName: 'Rivera', email: ` ${email} `, company: 'Acme', phone: '555-0100', industry: 'health', volume: 'over-100000', message: 'Hello' },
    'modal',
  );
  await form.submit.click();
  await expect(form.scope.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(form.thankYou).toBeVisible();
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).toMatchObject({
    firstName: 'Jane',
    lastName: 'Rivera',
    email,
    company: 'Acme',
    phone: '555-0100',
    industry: 'health',
    volume: 'over-100000',
    message: 'Hello',
    leadSource: LEAD_SOURCE_LABEL,
    source: 'USPS Informed Delivery Page',
    [HONEYPOT_FORM_FIELD]: '',
  });
  expect(typeof sent[0]!.body.elapsedMs).toBe('number');
  expect(await countLeadsByEmail(email)).toBe(1);
});

// These need the API's POST /api/leads; they check the stored row.
const SOURCES = [
  { path: '/', source: 'Main Website' },
  { path: '/mortgage', source: 'Mortgage Landing Page' },
  { path: '/USPSInformedDelivery', source: 'USPS Informed Delivery Page' },
  { path: '/digital-audience', source: 'Digital Audience Page' },
] as const;

for (const { path, source } of SOURCES) {
  test(`modal on ${path} - stored with industry, volume, leadSource and source "${source}"; Thank You closes the modal`, async ({ page }) => {
    const email = uniqueEmail('lead');
    const form = await openModal(page, path);
    const shownAt = Date.now();
    await fillLead(form, { firstName: 'Jane', lastName: 'Rivera', email, company: 'Acme Realty', phone: '(555) 010-0200', industry: 'mortgage', volume: '5000-25000', message: 'Call me' }, 'modal');
    await waitOutMinimumFillTime(page, shownAt);
    await form.submit.click();
    await expect(form.thankYou).toBeVisible();
    await form.thankYouClose.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await expect.poll(() => findLeadByEmail(email)).toMatchObject({
      first_name: 'Jane',
      last_name: 'Rivera',
      company: 'Acme Realty',
      phone: '(555) 010-0200',
      industry: 'mortgage',
      volume: '5000-25000',
      message: 'Call me',
      lead_source: LEAD_SOURCE_LABEL,
      source,
      status: 'new',
    });
  });
}

test('inline form - stored once; Thank You, then Close brings back an empty form', async ({ page }) => {
  const email = uniqueEmail('inline');
  await page.goto('/#contact');
  await new SiteChrome(page).ready();
  const form = LeadFormPage.inline(page);
  await expect(form.firstName).toBeVisible();
  const shownAt = Date.now();
  await fillLead(form, { firstName: 'Sam', lastName: 'Patel', email, company: 'Patel Motors', industry: 'automotive', message: 'Demo please' }, 'inline');
  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();
  await expect(form.thankYou).toBeFocused();
  await form.thankYouClose.click();
  await expect(form.firstName).toHaveValue('');
  await expect(form.email).toHaveValue('');

  await expect.poll(() => findLeadByEmail(email)).toMatchObject({ industry: 'automotive', volume: null, source: 'Main Website', lead_source: LEAD_SOURCE_LABEL });
  expect(await countLeadsByEmail(email)).toBe(1);
});
