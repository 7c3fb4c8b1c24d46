// The public forms with JavaScript turned off: the browser posts them itself and the server answers with
// pages. Stored once (seen through the admin API), refused with the spec's messages beside the fields and the
// values kept, the honeypot quarantined behind the same thank-you page, a double press and a re-post stored
// once, and no e-mail address in any URL the browser requested.
import type { Page, Request } from '@playwright/test';
import { LeadFormPage } from '../../pages/lead-form';
import { SampleFormPage } from '../../pages/sample-form';
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { leadsWithEmail, sampleRequestsWithEmail } from './support/admin-lookup';
import { answeredPosts } from './support/answered-posts';

test.use({ javaScriptEnabled: false });

/** Every URL the page requests, to prove no personal data went into one. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request: Request) => urls.push(request.url()));
  return urls;
}

function expectNoneCarries(urls: string[], email: string) {
  expect(urls.length).toBeGreaterThan(0);
  const forms = [email, encodeURIComponent(email), email.replace('@', '%40')];
  expect(urls.filter((url) => forms.some((f) => url.includes(f)))).toEqual([]);
}

/** Once the page's smooth scroll to the focused field has come to rest: what a person then sees. */
async function scrolledToRest(page: Page) {
  let last = -1;
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY);
      const still = y === last;
      last = y;
      return still;
    }, { intervals: [250] })
    .toBe(true);
}

async function fillLeadForm(page: Page, email: string, values: { lastName?: string; email?: string } = {}) {
  const form = LeadFormPage.inline(page);
  await form.firstName.fill('Nora');
  await form.lastName.fill(values.lastName ?? 'Script');
  await form.email.fill(values.email ?? email);
  await form.company.fill('Plain HTML & Co');
  await form.industry.selectOption('retail');
  await form.message.fill('Sent without <script>');
  return form;
}

test('lead form on / - posted by the browser, stored once, the thank-you page; Back and Submit again, and a reload, store nothing more', async ({ page }) => {
  const urls = recordRequests(page);
  const email = `${uniqueTag('noscript')}@example.com`;
  await page.goto('/');
  const form = await fillLeadForm(page, email);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('thank-you.png'), fullPage: true });

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await fillLeadForm(page, email);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);

  const stored = await leadsWithEmail(page.request, email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ firstName: 'Nora', lastName: 'Script', company: 'Plain HTML & Co', industry: 'retail', message: 'Sent without <script>', source: 'Main Website', spamReason: null });
  expectNoneCarries(urls, email);
});

test('lead form - a double press stores one lead', async ({ page }) => {
  const email = `${uniqueTag('double')}@example.com`;
  const posts = await answeredPosts(page, '/api/leads');
  await page.goto('/');
  const form = await fillLeadForm(page, email);
  await form.submit.dblclick();
  await expect(page).toHaveURL(/\/thank-you$/);
  // Every post the double press sent has been answered: the count is final.
  await posts.settled();
  expect(posts.bodies.length).toBeGreaterThanOrEqual(1);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});

test('lead form - each refusal beside its field, the values kept, the first refused field focused; fixed and sent, stored once', async ({ page }) => {
  const urls = recordRequests(page);
  const email = `${uniqueTag('refused')}@example.com`;
  await page.goto('/');
  let form = await fillLeadForm(page, email, { lastName: '', email: 'not-an-email' });
  await form.submit.click();
  form = LeadFormPage.inline(page);
  await expect(form.error('Last name is required')).toBeVisible();
  await expect(form.error('Please enter a valid email')).toBeVisible();
  await expect(form.lastName).toHaveAccessibleDescription('Last name is required');
  await expect(form.email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(form.lastName).toBeFocused();
  await expect(form.firstName).toHaveValue('Nora');
  await expect(form.email).toHaveValue('not-an-email');
  await expect(form.company).toHaveValue('Plain HTML & Co');
  await expect(form.industry).toHaveValue('retail');
  await expect(form.message).toHaveValue('Sent without <script>');
  // The page scrolls smoothly to the focused field: the picture is taken once it is there.
  await expect(form.lastName).toBeInViewport({ ratio: 1 });
  await scrolledToRest(page);
  await page.screenshot({ path: test.info().outputPath('lead-refused.png') });

  // A reload of the refused post posts it again: refused again, nothing stored.
  await page.reload();
  await expect(LeadFormPage.inline(page).error('Last name is required')).toBeVisible();

  await form.lastName.fill('Script');
  await form.email.fill(email);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
  expectNoneCarries(urls, email);
});

test('lead form - the honeypot filled: the same thank-you page, and the lead waits under suspected spam', async ({ page }) => {
  const email = `${uniqueTag('trap')}@example.com`;
  await page.goto('/');
  const form = await fillLeadForm(page, email);
  // A bot fills every input it finds in the HTML; the browser itself never shows or fills this one.
  await page.route('**/api/leads', (route) => route.continue({ postData: `${route.request().postData()}`.replace('dm_trap=', 'dm_trap=http%3A%2F%2Fspam.example') }));
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  expect(await leadsWithEmail(page.request, email)).toHaveLength(0);
  const quarantined = await leadsWithEmail(page.request, email, { spam: true });
  expect(quarantined).toHaveLength(1);
  expect(quarantined[0]!.spamReason).toBe('honeypot');
});

test('sample form on /print/samples - stored once and the thank-you page; a bad ZIP is refused beside its field with the address kept', async ({ page }) => {
  const urls = recordRequests(page);
  const email = `${uniqueTag('samples')}@example.com`;
  await page.goto('/print/samples');
  const samples = new SampleFormPage(page);
  const fill = (zip: string) =>
    samples.fillRequired({ firstName: 'Nora', lastName: 'Script', email, addressLine1: '1 Static Way', city: 'Austin', state: 'TX', zip, sampleType: 'letters' });
  await fill('123');
  await samples.submit.click();
  await expect(samples.form.getByText('ZIP code must be 12345 or 12345-6789', { exact: true })).toBeVisible();
  await expect(samples.field('ZIP Code')).toBeFocused();
  await expect(samples.field('Address Line 1')).toHaveValue('1 Static Way');
  await expect(samples.field('State')).toHaveValue('TX');
  await expect(samples.field('Sample Type')).toHaveValue('letters');
  await expect(samples.field('ZIP Code')).toBeInViewport({ ratio: 1 });
  await scrolledToRest(page);
  await page.screenshot({ path: test.info().outputPath('samples-refused.png') });

  await samples.field('ZIP Code').fill('73301');
  await samples.submit.click();
  await expect(page).toHaveURL(/\/print\/samples\/thank-you$/);
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  await expect(page.getByText('Your free sample pack is on its way.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Schedule Demo' })).toBeVisible();
  // The same request sent again from a fresh form: stored once.
  await page.goto('/print/samples');
  await fill('73301');
  await samples.submit.click();
  await expect(page).toHaveURL(/\/print\/samples\/thank-you$/);

  const stored = await sampleRequestsWithEmail(page.request, email);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ addressLine1: '1 Static Way', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'letters' });
  expectNoneCarries(urls, email);
});

test('sample form - a double press stores one request; a reload of the thank-you page stores nothing more', async ({ page }) => {
  const email = `${uniqueTag('sampledouble')}@example.com`;
  const posts = await answeredPosts(page, '/api/print-samples');
  await page.goto('/print/samples');
  const samples = new SampleFormPage(page);
  await samples.fillRequired({ firstName: 'Nora', lastName: 'Twice', email, addressLine1: '2 Static Way', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'both' });
  await samples.submit.dblclick();
  await expect(page).toHaveURL(/\/print\/samples\/thank-you$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  await posts.settled();
  expect(await sampleRequestsWithEmail(page.request, email)).toHaveLength(1);
  expect(await sampleRequestsWithEmail(page.request, email, { spam: true })).toHaveLength(0);
});

test('sample form - the honeypot filled: the same thank-you page, the request waits under suspected spam', async ({ page }) => {
  const email = `${uniqueTag('sampletrap')}@example.com`;
  await page.goto('/print/samples');
  const samples = new SampleFormPage(page);
  await samples.fillRequired({ firstName: 'Bot', lastName: 'Trap', email, addressLine1: '1 Static Way', city: 'Austin', state: 'TX', zip: '73301', sampleType: 'postcards' });
  await page.route('**/api/print-samples', (route) => route.continue({ postData: `${route.request().postData()}`.replace('dm_trap=', 'dm_trap=x') }));
  await samples.submit.click();
  await expect(page).toHaveURL(/\/print\/samples\/thank-you$/);
  expect(await sampleRequestsWithEmail(page.request, email)).toHaveLength(0);
  expect((await sampleRequestsWithEmail(page.request, email, { spam: true }))[0]?.spamReason).toBe('honeypot');
});

test('404 page - Contact Us Now shows the form in the page without script; a refusal comes back on the 404 page with the values and messages; fixed, stored once', async ({ page }) => {
  const email = `${uniqueTag('lost')}@example.com`;
  const res = await page.goto('/print/no-such-page');
  expect(res?.status()).toBe(404);
  const form = LeadFormPage.inline(page, 'Contact us');
  await expect(form.scope).toHaveCount(0);
  await page.getByRole('main').getByRole('link', { name: 'Contact Us Now' }).click();
  await expect(page).toHaveURL(/\/print\/no-such-page#contact-us$/);
  await expect(form.firstName).toBeInViewport();
  await form.firstName.fill('Lost');
  await form.lastName.fill('Visitor');
  await form.email.fill('lost-at-example.com');
  await form.message.fill('Where did the page go?');
  await form.submit.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(form.email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(form.email).toBeFocused();
  await expect(form.firstName).toHaveValue('Lost');
  await expect(form.message).toHaveValue('Where did the page go?');
  await expect(form.email).toBeInViewport({ ratio: 1 });
  await scrolledToRest(page);
  await page.screenshot({ path: test.info().outputPath('not-found-refused.png') });

  await form.email.fill(email);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await leadsWithEmail(page.request, email)).toEqual([expect.objectContaining({ firstName: 'Lost', message: 'Where did the page go?', spamReason: null })]);
});
