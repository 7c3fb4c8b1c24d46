// The free sample request form on /print/samples.
import { expect, test, type Page } from '@playwright/test';
import { MIN_FILL_MS } from '../../../api/src/contract';
import { siteConfig } from '../../../web/src/lib/site-config';
import { SampleFormPage } from '../../pages/sample-form';
import { SiteChrome } from '../../pages/site-chrome';
import { closeE2eDb, findSampleRequestByEmail } from './support/e2e-db';
import { uniqueEmail } from './support/unique';
import { closeWriteFaultsDb, failWritesOf } from '../../support/write-faults';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });
test.afterAll(closeE2eDb);
test.afterAll(closeWriteFaultsDb);

const REQUIRED = ['First Name', 'Last Name', 'Email Address', 'Address Line 1', 'City', 'State', 'ZIP Code', 'Sample Type'];
const OPTIONAL = ['Phone Number', 'Company Name', 'Address Line 2', 'Additional Notes'];

async function fillValid(samples: SampleFormPage, email: string) {
  await samples.field('First Name').fill('Jane');
  await samples.field('Last Name').fill('Rivera');
  await samples.field('Email Address').fill(email);
  await samples.field('Phone Number').fill('(555) 010-0300');
  await samples.field('Company Name').fill('Acme Home Services');
  await samples.field('Address Line 1').fill('742 Evergreen Terrace');
  await samples.field('Address Line 2').fill('Suite 5');
  await samples.field('City').fill('Springfield');
  await samples.field('State').selectOption('IL');
  await samples.field('ZIP Code').fill('62704');
  await samples.field('Sample Type').selectOption('both');
  await samples.field('Additional Notes').fill('Spring campaign');
}

async function openForm(page: Page) {
  await page.goto('/print/samples');
  // The page's script starts after its first paint; a form submitted before it has run is not checked yet.
  await new SiteChrome(page).ready();
  const samples = new SampleFormPage(page);
  await expect(samples.field('First Name')).toBeVisible();
  return samples;
}

test('required fields - the browser blocks an incomplete request and nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
  const samples = await openForm(page);

  for (const label of REQUIRED) await expect(samples.field(label), label).toHaveAttribute('required', '');
  for (const label of OPTIONAL) await expect(samples.field(label), label).not.toHaveAttribute('required');
  await expect(samples.field('Email Address')).toHaveAttribute('type', 'email');

  await samples.submit.click();
  const invalid = await samples.form.evaluate((form: HTMLFormElement) =>
    Array.from(form.querySelectorAll<HTMLInputElement>('input:invalid, select:invalid')).map((el) => el.labels?.[0]?.textContent?.replace('*', '').trim()),
  );
  expect(invalid).toEqual(REQUIRED);

  // All but one filled still blocks.
  await fillValid(samples, 'blocked@example.com');
  await samples.field('City').fill('');
  await samples.submit.click();
  await expect(samples.field('City')).toBeFocused();
  await expect(samples.thankYouDialog).toHaveCount(0);
  expect(posts).toEqual([]);
});

test("ZIP format - the shared schema's message appears under the field and nothing is sent", async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
  const samples = await openForm(page);
  await fillValid(samples, 'zip@example.com');
  await samples.field('ZIP Code').fill('1234');
  await samples.submit.click();
  await expect(samples.form.getByText('ZIP code must be 12345 or 12345-6789')).toBeVisible();
  await expect(samples.field('ZIP Code')).toBeFocused();
  await expect(samples.field('ZIP Code')).toHaveAttribute('aria-invalid', 'true');
  expect(posts).toEqual([]);
});

test('options - all 50 states and the three sample types', async ({ page }) => {
  const samples = await openForm(page);
  const states = await samples.field('State').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  expect(states).toHaveLength(50);
  expect(states).toContain('WY');
  const types = await samples.field('Sample Type').locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  expect(types).toEqual(['postcards', 'letters', 'both']);
});

test('server error - the spec error toast appears, the form is kept and no Thank You modal opens', async ({ page }) => {
  // The real server fails this request: a database fault on inserts of this e-mail address.
  const email = uniqueEmail('sample-fault');
  await failWritesOf('sample_requests', 'insert', 'email', email);
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/print-samples');
  const samples = await openForm(page);
  const shownAt = Date.now();
  await fillValid(samples, email);
  const wait = MIN_FILL_MS + 150 - (Date.now() - shownAt);
  if (wait > 0) await page.waitForTimeout(wait);
  await samples.submit.click();
  expect((await answered).status()).toBe(500);
  await expect(page.getByText('Failed to submit sample request. Please try again.')).toBeVisible();
  await expect(samples.field('First Name')).toHaveValue('Jane');
  await expect(samples.field('State')).toHaveValue('IL');
  await expect(samples.thankYouDialog).toHaveCount(0);
});

test('network failure - saved on the device for later instead of the error toast', async ({ page }) => {
  await page.route('**/api/print-samples', (r) => r.abort('connectionrefused'));
  const samples = await openForm(page);
  await fillValid(samples, 'offline@example.com');
  await samples.submit.click();
  await expect(page.getByTestId('queued-notice')).toContainText("Saved — it will be sent automatically when you're back online");
  await expect(page.getByTestId('outbox-indicator')).toHaveText(/1 waiting to send/);
  await expect(page.getByText('Failed to submit sample request. Please try again.')).toHaveCount(0);
  await expect(samples.thankYouDialog).toHaveCount(0);
});

// Needs the API's POST /api/print-samples.
test('success - stored; Thank You modal with the phone number, Schedule Demo in a new tab, and Close', async ({ page }) => {
  const email = uniqueEmail('samples');
  const samples = await openForm(page);
  const shownAt = Date.now();
  await fillValid(samples, email);
  const wait = MIN_FILL_MS + 150 - (Date.now() - shownAt);
  if (wait > 0) await page.waitForTimeout(wait);
  await samples.submit.click();

  const dialog = samples.thankYouDialog;
  await expect(dialog.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect(dialog).toContainText(siteConfig.phone);
  const demo = dialog.getByRole('link', { name: /^Schedule Demo/ });
  await expect(demo).toHaveAttribute('href', siteConfig.links.demoScheduling);
  await expect(demo).toHaveAttribute('target', '_blank');
  await expect(demo).toHaveAttribute('rel', /\bnoopener\b/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(samples.thankYouDialog).toHaveCount(0);
  await expect(samples.field('First Name')).toHaveValue('');
  await expect(samples.field('Sample Type')).toHaveValue('');

  await expect.poll(() => findSampleRequestByEmail(email)).toMatchObject({
    first_name: 'Jane',
    address_line1: '742 Evergreen Terrace',
    city: 'Springfield',
    state: 'IL',
    zip: '62704',
    sample_type: 'both',
  });
});
