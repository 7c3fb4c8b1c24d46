// Sample Management against the real server: templates created, edited and deleted
// through the dialog, requests toggled both ways, and every failure toast of the screen.
import type { Page } from '@playwright/test';
import type { SampleRequest } from '../../../api/src/contract/entities';
import { SamplesPage } from '../../pages/admin/samples-page';
import { createSampleRequest, createTemplate, getJson } from './support/api-data';
import { expect, test, uniqueTag } from './support/admin-test';
import { checkScreen, expectAllOnScreen, WIDTHS } from './support/screens';
import { recordBodies } from './support/sent-bodies';
import { closeWriteFaultsDb, failWritesOf } from '../../support/write-faults';

test.afterAll(closeWriteFaultsDb);

test('template - created through the dialog with the spec defaults, previews or placeholders, and its toast', async ({ page, baseURL }) => {
  const samples = new SamplesPage(page);
  const name = uniqueTag('Spring Postcard ');
  await samples.goto();
  await expect(samples.templatesTab).toHaveAttribute('aria-selected', 'true');
  await samples.addTemplate.click();
  await expect(samples.dialog.getByRole('heading', { name: 'Create New Template' })).toBeVisible();
  await expect(samples.activeSwitch).toBeChecked();

  // Name is required: nothing is sent until it is given.
  const posted = await recordBodies(page, 'POST', /^\/api\/admin\/sample-templates$/);
  await samples.submit('Create Template').click();
  await expect(samples.dialog.getByText('Template name is required')).toBeVisible();
  await expect(samples.nameField).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toEqual([]);

  await samples.nameField.fill(name);
  await samples.typeField.selectOption('letter');
  await samples.frontUrlField.fill(`${baseURL}/favicon.svg`);
  await samples.descriptionField.fill('Our spring mailer');
  await samples.submit('Create Template').click();
  await expect(samples.toastTitle).toHaveText('Template created successfully');
  expect(posted).toEqual([{ name, type: 'letter', frontImageUrl: `${baseURL}/favicon.svg`, backImageUrl: '', description: 'Our spring mailer', active: true }]);
  await expect(samples.dialog).toHaveCount(0);
  const card = samples.template(name);
  await expect(card).toContainText('letter');
  await expect(card).toContainText('Active');
  await expect(card.getByRole('img', { name: `Front of ${name}` })).toBeVisible();
  await expect(card.getByText('No back image')).toBeVisible();
});

test('template - a broken image URL shows the placeholder, edit keeps values and saves with its toast', async ({ page }) => {
  const name = uniqueTag('Broken Letter ');
  await createTemplate(page.request, { name, type: 'postcard', frontImageUrl: 'http://127.0.0.1:9/missing.png', description: 'Before', active: true });
  const samples = new SamplesPage(page);
  await samples.goto();
  await expect(samples.template(name).getByText('Front image could not be loaded')).toBeVisible();

  await samples.editTemplate(name).click();
  await expect(samples.dialog.getByRole('heading', { name: 'Edit Template' })).toBeVisible();
  await expect(samples.nameField).toHaveValue(name);
  await expect(samples.typeField).toHaveValue('postcard');
  await expect(samples.descriptionField).toHaveValue('Before');
  await expect(samples.activeSwitch).toBeChecked();

  const renamed = `${name} v2`;
  await samples.nameField.fill(renamed);
  await samples.activeSwitch.click();
  const put = await recordBodies(page, 'PUT', /^\/api\/admin\/sample-templates\/\d+$/);
  await samples.submit('Save Changes').click();
  await expect(samples.toastTitle).toHaveText('Template updated successfully');
  expect(put).toEqual([{ name: renamed, type: 'postcard', frontImageUrl: 'http://127.0.0.1:9/missing.png', backImageUrl: '', description: 'Before', active: false }]);
  await expect(samples.template(renamed)).toContainText('Inactive');
  await expect(samples.template(name)).toHaveCount(0);
});

test('template - delete asks first; cancel keeps it, OK deletes it with its toast', async ({ page }) => {
  const name = uniqueTag('Doomed ');
  await createTemplate(page.request, { name, type: 'postcard', active: false });
  const samples = new SamplesPage(page);
  await samples.goto();
  await expect(samples.template(name)).toBeVisible();

  const questions: string[] = [];
  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await samples.deleteTemplate(name).click();
  await expect.poll(() => questions).toEqual(['Are you sure you want to delete this template?']);
  await expect(samples.template(name)).toBeVisible();

  page.once('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog.accept();
  });
  await samples.deleteTemplate(name).click();
  await expect(samples.toastTitle).toHaveText('Template deleted successfully');
  expect(questions).toEqual(['Are you sure you want to delete this template?', 'Are you sure you want to delete this template?']);
  await expect(samples.template(name)).toHaveCount(0);
});

test('sample request - card shows every field; the toggle sends the opposite value both ways with its toast', async ({ page }) => {
  const lastName = uniqueTag('Requester');
  await createSampleRequest(page.request, {
    lastName,
    email: 'sam.requester@example.com',
    phone: '(555) 010-2000',
    company: 'Acme Lending',
    addressLine1: '742 Evergreen Terrace',
    addressLine2: 'Suite 4',
    city: 'Springfield',
    state: 'OR',
    zip: '97477',
    sampleType: 'letters',
    notes: 'Leave at the front desk',
  });
  const total = await totalRequests(page);
  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  await expect(samples.totalRequests).toHaveText(`${total} Total Requests`);

  const card = samples.request(`Sam ${lastName}`);
  await expect(card.locator('address')).toHaveText(`Sam ${lastName}Acme Lending742 Evergreen TerraceSuite 4Springfield, OR 97477`);
  for (const text of ['sam.requester@example.com', '(555) 010-2000', 'Letters', 'Leave at the front desk']) await expect(card).toContainText(text);
  // Not yet synced, with no CRM connected: waiting is not a fault, so the badge is neutral (red is for sync_failed).
  await expect(card.getByText(/^CRM: /)).toHaveText('CRM: pending');
  await expect(card.getByText(/^CRM: /)).toHaveClass(/bg-slate-100/);

  const toggle = samples.processedToggle(`Sam ${lastName}`);
  const sent = await recordBodies(page, 'PUT', /^\/api\/admin\/print-samples\/\d+$/);
  await expect(toggle).toHaveText('Pending');
  await toggle.click();
  await expect(samples.toastTitle).toHaveText('Sample request updated successfully');
  await expect(toggle).toHaveText('Processed');
  expect(sent).toEqual([{ processed: true }]);

  await toggle.click();
  await expect(toggle).toHaveText('Pending');
  expect(sent).toEqual([{ processed: true }, { processed: false }]);
  // The list was refetched from the server, so the change is stored, not only shown.
  const stored = await getJson<SampleRequest[]>(page.request, '/api/admin/print-samples?limit=500');
  expect(stored.find((r) => r.lastName === lastName)?.processed).toBe(false);
});

/** Every request on the server, as its paged list counts them (X-Total-Count). */
async function totalRequests(page: Page): Promise<number> {
  const res = await page.request.get('/api/admin/print-samples?limit=1');
  expect(res.ok()).toBe(true);
  return Number(res.headers()['x-total-count']);
}

// The real server fails these writes: a database fault on this test's own record (e2e/support/write-faults.ts).
test.describe('failure toasts (server answers 500)', () => {
  test('template save fails - "Error: Failed to save template", dialog kept open', async ({ page }) => {
    const name = uniqueTag('Never saved ');
    await failWritesOf('sample_templates', 'insert', 'name', name);
    const samples = new SamplesPage(page);
    await samples.goto();
    await samples.addTemplate.click();
    await samples.nameField.fill(name);
    await samples.submit('Create Template').click();
    await expect(samples.toastTitle).toHaveText('Error: Failed to save template');
    await expect(samples.toast).toHaveAttribute('data-type', 'error');
    await expect(samples.nameField).toBeVisible(); // the dialog stays open with what was typed
  });

  test('template update fails - "Error: Failed to save template"', async ({ page }) => {
    const name = uniqueTag('Unchangeable ');
    await createTemplate(page.request, { name, type: 'letter', active: true });
    const samples = new SamplesPage(page);
    await samples.goto();
    await failWritesOf('sample_templates', 'update', 'name', name);
    await samples.editTemplate(name).click();
    await samples.nameField.fill(`${name} changed`);
    await samples.submit('Save Changes').click();
    await expect(samples.toastTitle).toHaveText('Error: Failed to save template');
  });

  test('template delete fails - "Failed to delete template", card kept', async ({ page }) => {
    const name = uniqueTag('Undeletable ');
    await createTemplate(page.request, { name, type: 'letter', active: true });
    const samples = new SamplesPage(page);
    await samples.goto();
    await failWritesOf('sample_templates', 'delete', 'name', name);
    page.once('dialog', (dialog) => void dialog.accept());
    await samples.deleteTemplate(name).click();
    await expect(samples.toastTitle).toHaveText('Failed to delete template');
    await expect(samples.template(name)).toBeVisible();
  });

  test('request update fails - "Failed to update sample request", state unchanged', async ({ page }) => {
    const lastName = uniqueTag('Stuck');
    await createSampleRequest(page.request, { lastName });
    const samples = new SamplesPage(page);
    await samples.goto();
    await failWritesOf('sample_requests', 'update', 'last_name', lastName);
    await samples.requestsTab.click();
    const toggle = samples.processedToggle(`Sam ${lastName}`);
    await toggle.click();
    await expect(samples.toastTitle).toHaveText('Failed to update sample request');
    await expect(toggle).toHaveText('Pending');
  });
});

test.describe('sample screens - no serious axe violation at 1280 and 375 px; screenshots saved', () => {
  test.beforeAll(async ({ browser, adminState }) => {
    // A template with one image and a placeholder, and a request with every optional field, for the pictures.
    const baseURL = test.info().project.use.baseURL;
    const context = await browser.newContext({ storageState: adminState, baseURL });
    await createTemplate(context.request, { name: uniqueTag('Showcase '), type: 'postcard', frontImageUrl: `${baseURL}/favicon.svg`, description: 'Front only, the back is a placeholder', active: true });
    await createSampleRequest(context.request, { lastName: uniqueTag('Shot'), company: 'Screenshot Co', phone: '(555) 010-3000', addressLine2: 'Floor 2', notes: 'For the screenshot' });
    await context.close();
  });

  test('Sample Templates tab', async ({ page }) => {
    const samples = new SamplesPage(page);
    await samples.goto();
    await checkScreen(page, 'samples-templates', async () => {
      await expect(page.getByRole('article').first()).toBeVisible();
    });
  });

  test('Sample Requests tab', async ({ page }) => {
    const samples = new SamplesPage(page);
    await samples.goto();
    await samples.requestsTab.click();
    await checkScreen(page, 'samples-requests', async () => {
      await expect(page.getByRole('article').first()).toBeVisible();
    });
  });

  test('Create New Template dialog', async ({ page }) => {
    const samples = new SamplesPage(page);
    await samples.goto();
    await samples.addTemplate.click();
    await checkScreen(page, 'samples-template-dialog', async () => {
      await expect(samples.nameField).toBeVisible();
    }, { fullPage: false });
  });
});

test('sample requests - j / k select the cards, x marks the selected one Processed and again Pending', async ({ page }) => {
  const lastName = uniqueTag('Keys');
  await createSampleRequest(page.request, { lastName: `${lastName}-other` });
  await createSampleRequest(page.request, { lastName });
  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  const list = page.getByRole('list', { name: 'Sample requests' });
  await expect(list).toHaveAttribute('aria-keyshortcuts', 'J K');
  const cards = list.getByRole('article');
  await expect(cards.first()).toBeVisible();

  await page.keyboard.press('j');
  await expect(cards.nth(0)).toBeFocused();
  await expect(cards.nth(0)).toHaveCSS('outline-style', 'solid');
  await page.keyboard.press('j');
  await expect(cards.nth(1)).toBeFocused();
  await page.keyboard.press('k');
  await expect(cards.nth(0)).toBeFocused();

  // Select this test's own request (clicking a card's text selects it too), then toggle it from the keyboard.
  const card = samples.request(`Sam ${lastName}`);
  await card.getByRole('heading', { level: 3 }).click();
  await expect(card).toBeFocused();
  const toggle = samples.processedToggle(`Sam ${lastName}`);
  await expect(toggle).toHaveAttribute('aria-keyshortcuts', 'X');
  await expect(toggle).toHaveText('Pending');
  await page.keyboard.press('x');
  await expect(samples.toastTitle).toHaveText('Sample request updated successfully');
  await expect(toggle).toHaveText('Processed');
  const stored = async () => (await getJson<SampleRequest[]>(page.request, '/api/admin/print-samples?limit=500')).find((r) => r.lastName === lastName)?.processed;
  expect(await stored()).toBe(true);
  await expect(card).toBeFocused();
  await page.keyboard.press('x');
  await expect(toggle).toHaveText('Pending');
  expect(await stored()).toBe(false);
});

test('sample request card at 375 px - every value on screen without scrolling sideways', async ({ page }) => {
  const lastName = uniqueTag('Narrow');
  await createSampleRequest(page.request, {
    lastName,
    email: `${lastName.toLowerCase()}.requests@a-rather-long-company-domain.example.com`,
    phone: '(555) 010-4000',
    company: 'Northwest Regional Credit Union',
    addressLine1: '1200 Northeast Martin Luther King Jr Boulevard',
    addressLine2: 'Building C, Suite 400',
    city: 'Portland',
    state: 'OR',
    zip: '97232',
    sampleType: 'both',
    notes: 'Please include the letter samples with the windowed envelopes as well.',
  });
  await page.setViewportSize({ width: WIDTHS.phone, height: 812 });

  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  const request = samples.request(`Sam ${lastName}`);
  await expectAllOnScreen(page, request, [
    `Sam ${lastName}`,
    'Pending',
    'CRM: pending',
    `${lastName.toLowerCase()}.requests@a-rather-long-company-domain.example.com`,
    '(555) 010-4000',
    'Northwest Regional Credit Union',
    '1200 Northeast Martin Luther King Jr Boulevard',
    'Building C, Suite 400',
    'Portland, OR 97232',
    'Both postcards and letters',
    'Please include the letter samples with the windowed envelopes as well.',
  ]);
});

// Last in the file: its 51 requests would otherwise fill the screens pictured above (and slow their axe run).
test('sample requests - more than a page: the badge counts them all, "Load more" shows the rest', async ({ page }) => {
  const tag = uniqueTag('Paged');
  // 51 requests of ours, newest first on screen: the oldest of them is the 51st card, on the second page.
  for (let i = 0; i < 51; i++) await createSampleRequest(page.request, { lastName: `${tag}-${i}` });
  const total = await totalRequests(page);
  const samples = new SamplesPage(page);
  await samples.goto();
  await samples.requestsTab.click();
  await expect(samples.totalRequests).toHaveText(`${total} Total Requests`);
  await expect(samples.request(`Sam ${tag}-50`)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(50);
  await expect(samples.request(`Sam ${tag}-0`)).toHaveCount(0);
  await expect(page.getByText(`Showing 50 of ${total} requests`)).toBeVisible();

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(samples.request(`Sam ${tag}-0`)).toBeVisible();
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(Math.min(total, 100));
  await expect(samples.totalRequests).toHaveText(`${total} Total Requests`);
});
