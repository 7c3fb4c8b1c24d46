// The lead form inline (landing page) and in the modal: required fields and their messages, fields per
// mode, the error toast and a retry that reuses the Idempotency-Key, the spam guards, and the stored row.
import { expect, test, type Page, type Request } from '@playwright/test';
import { LEAD_SOURCE_LABEL } from '../../../api/src/contract';
import { LeadFormPage } from '../../pages/lead-form';
import { SiteChrome } from '../../pages/site-chrome';
import { closeE2eDb, countLeadsByEmail, findLeadByEmail } from './support/e2e-db';
import { fillLead, waitOutMinimumFillTime } from './support/lead-helpers';
import { uniqueEmail } from './support/unique';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });
test.afterAll(closeE2eDb);

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

test('server error - the Error toast appears, the form keeps its values and the retry reuses the Idempotency-Key', async ({ page }) => {
  const seen: { key: string | null; body: string }[] = [];
  await page.route('**/api/leads', async (route) => {
    seen.push({ key: await route.request().headerValue('Idempotency-Key'), body: route.request().postData() ?? '' });
    await route.fulfill({ status: 500, body: 'boom' });
  });
  const form = await openModal(page, '/');
  await fillLead(form, { firstName: 'Jane', lastName: 'Rivera', email: 'jane@example.com', industry: 'retail', volume: '1000-5000' }, 'modal');
  await form.submit.click();

  const toast = page.getByRole('listitem').filter({ hasText: 'Failed to submit form. Please try again.' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Error');
  await expect(form.firstName).toHaveValue('Jane');
  await expect(form.volume).toHaveValue('1000-5000');
  await expect(form.thankYou).toHaveCount(0);

  await form.submit.click();
  await expect.poll(() => seen.length).toBe(2);
  expect(seen[0]!.key).toMatch(UUID);
  expect(seen[1]!.key).toBe(seen[0]!.key);
  expect(seen[1]!.body).toBe(seen[0]!.body);

  await form.company.fill('Acme');
  await form.submit.click();
  await expect.poll(() => seen.length).toBe(3);
  expect(seen[2]!.key).toMatch(UUID);
  expect(seen[2]!.key).not.toBe(seen[0]!.key);
});

test('two quick failures - one toast in the notifications list, not two', async ({ page }) => {
  let failures = 0;
  await page.route('**/api/leads', async (route) => {
    failures += 1;
    await route.fulfill({ status: 500, body: 'boom' });
  });
  const form = await openModal(page, '/print');
  await fillLead(form, { firstName: 'Jane', lastName: 'Rivera', email: 'jane@example.com' }, 'modal');
  const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

  await form.submit.click();
  await expect(toasts.filter({ hasText: 'Failed to submit form. Please try again.' })).toHaveCount(1);
  await form.company.fill('Acme');
  await form.submit.click();
  await expect.poll(() => failures).toBe(2);
  // The form is back to idle only after it raised its toast for the second failure.
  await expect(form.scope.getByRole('button', { name: 'Send Request' })).toBeEnabled();
  // The toaster applies a new toast on its next task; give it a few frames before counting.
  await page.evaluate(() => new Promise((done) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(done)), 50)));
  // Counted once, not retried: an older toast that merely waits hidden behind the newest one still sits in
  // the notifications list, is still announced, and shows once the newest closes.
  expect(await toasts.count()).toBe(1);
  await expect(toasts).toContainText('Failed to submit form. Please try again.');
});

test('submission - sends every field, the labels, the honeypot and the fill time; shows Submitting...', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const bodies: Record<string, unknown>[] = [];
  await page.route('**/api/leads', async (route) => {
    bodies.push(route.request().postDataJSON() as Record<string, unknown>);
    await held;
    await route.fulfill({ status: 201, contentType: 'application/json', body: '{}' });
  });
  const form = await openModal(page, '/USPSInformedDelivery');
  await fillLead(
    form,
    { firstName: '  Jane ', lastName: 'Rivera', email: ' jane@example.com ', company: 'Acme', phone: '555-0100', industry: 'health', volume: 'over-100000', message: 'Hello' },
    'modal',
  );
  await form.submit.click();
  await expect(form.scope.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(form.thankYou).toBeVisible();
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({
    firstName: 'Jane',
    lastName: 'Rivera',
    email: 'jane@example.com',
    company: 'Acme',
    phone: '555-0100',
    industry: 'health',
    volume: 'over-100000',
    message: 'Hello',
    leadSource: LEAD_SOURCE_LABEL,
    source: 'USPS Informed Delivery Page',
    website: '',
  });
  expect(typeof bodies[0]!.elapsedMs).toBe('number');
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
