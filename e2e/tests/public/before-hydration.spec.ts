// A slow phone shows the prerendered page seconds before its script has run. In that window every lead
// button must still lead somewhere useful (the landing page's lead form), and what a visitor types into a
// form must survive the script's arrival and be sent as typed. The page's scripts are held back here
// (every /assets/*.js request waits) to open that window on purpose.
import { expect, test, type Page } from '@playwright/test';
import { LeadFormPage } from '../../pages/lead-form';
import { publicRoutes } from '../../pages/public-routes';
import { SampleFormPage } from '../../pages/sample-form';
import { closeE2eDb, findLeadByEmail, findSampleRequestByEmail } from './support/e2e-db';
import { waitOutMinimumFillTime } from './support/lead-helpers';
import { leadTriggersOf } from './support/lead-triggers';
import { uniqueEmail } from './support/unique';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });
test.afterAll(closeE2eDb);

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return release;
}

/** Opens a page whose script is held back, once its prerendered content is on screen. */
async function openUnhydrated(page: Page, path: string) {
  const release = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator(HYDRATED_SELECTOR), 'the page is not hydrated yet').toHaveCount(0);
  return release;
}

async function expectLeadFormReached(page: Page) {
  await expect(page).toHaveURL(/\/#contact$/);
  await expect(page.getByRole('form', { name: 'Demo request' })).toBeInViewport();
}

for (const path of [...publicRoutes.map((r) => r.path), '/no-such-page']) {
  test(`${path} - before the script runs, the page's own lead controls and the header's Get Demo lead to the lead form`, async ({ page }) => {
    const labels = [...new Set(await leadTriggersOf(page.request, path))];
    const triggers = [
      ...labels.map((label) => ({ where: 'content', find: () => page.getByRole('main').getByText(label, { exact: true }).first() })),
      { where: 'header', find: () => page.getByRole('navigation', { name: 'Main' }).getByText('Get Demo', { exact: true }).filter({ visible: true }) },
    ];
    for (const trigger of triggers) {
      await openUnhydrated(page, path);
      await trigger.find().click();
      await expectLeadFormReached(page);
    }
  });
}

test('/print/samples - what was typed before the script ran is kept at hydration and sent as typed', async ({ page }) => {
  const shownAt = Date.now(); // the fill-time guard counts from the page's start (see the inline form's test)
  const release = await openUnhydrated(page, '/print/samples');
  const samples = new SampleFormPage(page);
  const email = uniqueEmail('before-hydration-sample');
  const typed: [string, string][] = [
    ['First Name', 'Jane'],
    ['Last Name', 'Rivera'],
    ['Email Address', email],
    ['Address Line 1', '742 Evergreen Terrace'],
    ['City', 'Springfield'],
    ['ZIP Code', '62704'],
    ['Additional Notes', 'Typed on a slow phone'],
  ];
  for (const [label, value] of typed) await samples.field(label).fill(value);
  await samples.field('State').selectOption('IL');
  await samples.field('Sample Type').selectOption('both');

  release();
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  for (const [label, value] of typed) await expect(samples.field(label), label).toHaveValue(value);
  await expect(samples.field('State')).toHaveValue('IL');
  await expect(samples.field('Sample Type')).toHaveValue('both');

  await waitOutMinimumFillTime(page, shownAt);
  await samples.submit.click();
  await expect(samples.thankYouDialog.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await expect.poll(() => findSampleRequestByEmail(email)).toMatchObject({ first_name: 'Jane', city: 'Springfield', state: 'IL', zip: '62704' });
});

test('/ - the inline demo form keeps what was typed before the script ran and sends it', async ({ page }) => {
  // The fill-time guard counts from the page's start: a form sent sooner than a person could fill it is
  // answered like a success and stored nowhere, so the test takes at least as long as a person would.
  const shownAt = Date.now();
  const release = await openUnhydrated(page, '/');
  const form = LeadFormPage.inline(page);
  const email = uniqueEmail('before-hydration-lead');
  await form.firstName.fill('Sam');
  await form.lastName.fill('Okafor');
  await form.email.fill(email);
  await form.company.fill('Okafor Roofing');

  release();
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  await expect(form.firstName).toHaveValue('Sam');
  await expect(form.email).toHaveValue(email);

  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
  await expect.poll(() => findLeadByEmail(email)).toMatchObject({ first_name: 'Sam', last_name: 'Okafor', company: 'Okafor Roofing' });
});
