// The privacy screen end to end, on a product server of the test's own connected to the fake Pipedrive: a person
// with a website lead, a sample request and a photographed capture (all made through the real API and synced to
// Pipedrive) is found, exported, and erased; afterwards the admin, the CSV exports and Pipedrive hold nothing of
// them. Pictures at 375 and 1280 px, axe on each state.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { PersonExport } from '../../../api/src/contract';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { PrivacyPage } from '../../pages/admin/privacy-page';
import { addUser } from '../../support/cli';
import { checkScreen, expectNoSeriousViolations } from '../admin/support/screens';
import { createLead, createSampleRequest } from '../admin/support/api-data';
import { expect, signIn, uniqueTag } from '../admin/support/admin-test';
import { crmTest, waitForCrm } from './support/crm-test';

/** A real 2×2 PNG: the screen shows it, and the export must give back exactly these bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

crmTest.use({ reducedMotion: 'reduce' });

async function capturedWithPhoto(api: APIRequestContext, event: string, email: string): Promise<void> {
  const key = crypto.randomUUID();
  const res = await api.post('/api/capture/leads', {
    data: { eventName: event, firstName: 'Erin', lastName: 'Erased', email, rating: 'hot', consent: true, consentTextVersion: '2026-11-23' },
    headers: { 'Idempotency-Key': key },
  });
  expect(res.status(), await res.text()).toBe(201);
  const photo = await api.put(`/api/capture/photos/${key}`, { data: PNG, headers: { 'Content-Type': 'image/png' } });
  expect(photo.status(), await photo.text()).toBe(201);
}

crmTest('erase a person with a lead, a sample request and a photographed capture - nothing of them left in the admin, the CSVs or Pipedrive; the export holds it all', async ({ page, crm }) => {
  crmTest.setTimeout(90_000);
  const tag = uniqueTag('erin');
  // With an é: the screen finds, confirms and erases the address in any case and either form of the letter.
  const email = `${tag}.jos\u00e9@example.com`;
  const event = `Privacy Expo ${tag}`;
  await createLead(page.request, { email, firstName: 'Erin', lastName: 'Erased', company: `Erased Co ${tag}` });
  await createSampleRequest(page.request, { email, firstName: 'Erin', lastName: 'Erased' });
  const rep = { email: `${uniqueTag('rep')}@example.com`, password: 'e2e-rep-password' };
  addUser(rep.email, rep.password, 'rep', 'Rita Rep', crm.database);
  // A context of the rep's own: a new one inside a test starts from the admin's storage state, and signing in
  // over the admin's cookie would end the admin's session.
  const repApi = await playwrightRequest.newContext({ baseURL: crm.url, storageState: { cookies: [], origins: [] } });
  await signIn(repApi, rep);
  await capturedWithPhoto(repApi, event, email);
  await repApi.dispose();
  // All three reach Pipedrive: one person (the two leads share the address), three deals, three notes.
  await waitForCrm(page.request, { pending: 0, failed: 0 });
  const person = crm.pipedrive.persons.find((p) => p.emails.some((e) => e.value === email))!;
  expect(crm.pipedrive.deals.filter((d) => d.person_id === person.id)).toHaveLength(3);

  const privacy = new PrivacyPage(page);
  await privacy.goto();
  // Any case finds the person (É too, which SQLite's lower() does not fold).
  await privacy.lookUp(email.toUpperCase());
  await expect(privacy.leads).toHaveCount(2);
  await expect(privacy.sampleRequests).toHaveCount(1);
  await expect(privacy.captures).toHaveCount(1);
  await expect(privacy.leads.filter({ hasText: event })).toContainText('Consent:Given');
  await expect(privacy.captures.getByRole('img', { name: `Card photo captured at ${event}` })).toBeVisible();
  await expect(page.getByText('Pipedrive: 1 person and 3 deals made by the product')).toBeVisible();
  await checkScreen(page, 'privacy-person', () => expect(privacy.captures.getByRole('img')).toBeVisible());

  // The export: one JSON file with every record and the photo's own bytes.
  await page.setViewportSize({ width: 1280, height: 900 });
  const downloaded = page.waitForEvent('download');
  await privacy.exportButton.click();
  const file = await downloaded;
  expect(file.suggestedFilename()).toMatch(/^person-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(fs.readFileSync((await file.path())!, 'utf8')) as PersonExport;
  expect(exported.email).toBe(email.toUpperCase());
  expect(exported.leads.map((l) => l.email).sort()).toEqual([email, email]);
  expect(exported.sampleRequests.map((r) => [r.email, r.addressLine1])).toEqual([[email, '123 Main St']]);
  expect(exported.captures.map((c) => [c.eventName, c.capturedBy, c.photo?.contentType])).toEqual([[event, 'Rita Rep', 'image/png']]);
  expect(Buffer.from(exported.captures[0]!.photo!.base64, 'base64').equals(PNG)).toBe(true);
  expect(exported.pipedrive).toEqual({ persons: 1, deals: 3 });

  // The confirmation: keyboard-usable, Escape backs out, and only the address typed again lets it through.
  await privacy.eraseButton.click();
  // Focus moved into the dialog, onto the one thing to do next.
  await expect(privacy.confirmField).toBeFocused();
  await expect(privacy.dialog).toContainText('Pipedrive persons the product did not create');
  await page.keyboard.press('Escape');
  await expect(privacy.dialog).toBeHidden();
  await privacy.eraseButton.click();
  await checkScreen(page, 'privacy-erase-dialog', () => expect(privacy.confirmField).toBeVisible(), { fullPage: false });
  await expect(privacy.confirmErase).toBeDisabled();
  await privacy.confirmField.fill('someone-else@example.com');
  await expect(privacy.confirmErase).toBeDisabled();
  await page.keyboard.press('ControlOrMeta+A');
  // Typed again in small letters, é as e + U+0301: the same address.
  await page.keyboard.type(email.normalize('NFD'));
  await expect(privacy.confirmErase).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(privacy.dialog).toBeHidden();
  await expect(privacy.report).toContainText(`Erased ${email.toUpperCase()}: 2 leads, 1 sample request, 1 capture and 1 card photo.`);
  await expect(privacy.report).toContainText('Pipedrive: 1 person and 3 deals queued for deletion');
  await expect(privacy.report).toContainText('The server’s access log');
  await expect(privacy.nothingStored).toBeVisible();
  await expect(page.getByText(/^Erased before: .* by Test Admin$/)).toBeVisible();
  await checkScreen(page, 'privacy-erased', () => expect(privacy.report).toBeVisible());

  // Nothing in Pipedrive: the person, the deals and their notes are deleted by the sync worker.
  await expect.poll(() => crm.pipedrive.persons.filter((p) => p.emails.some((e) => e.value.toLowerCase() === email)).length).toBe(0);
  await expect.poll(() => crm.pipedrive.deals.filter((d) => d.title.includes(tag) || d.title.includes('Erin Erased')).length).toBe(0);
  expect(crm.pipedrive.notes.filter((n) => n.content.toLowerCase().includes(email) || n.content.includes('Erin'))).toEqual([]);

  // Nothing in the admin: the dashboard's search, its suspected spam, the sample requests, every CSV.
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(email);
  await expect(dashboard.emptyText).toBeVisible();
  await page.goto('/admin/samples');
  await page.getByRole('tab', { name: 'Sample Requests' }).click();
  await expect(page.getByText(/^\d+ Total Requests$/)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  for (const path of ['/api/admin/leads.csv', '/api/admin/leads?limit=500&spam=1', '/api/admin/print-samples?limit=500', `/api/admin/events/${encodeURIComponent(event)}/leads.csv`]) {
    const res = await page.request.get(path);
    expect(await res.text(), path).not.toContain(email);
  }
});

crmTest('the privacy screen with the retention rule - preview, turn on, and axe finds nothing serious', async ({ page }) => {
  const privacy = new PrivacyPage(page);
  await privacy.goto();
  const months = page.getByLabel('Keep records for (months)');
  await expect(months).toHaveValue('24');
  await months.fill('0');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(months).toHaveAccessibleDescription('Months must be 1 or more');
  await months.fill('12');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText(/^With 12 months, a run now would erase 0 leads, 0 captures, 0 card photos and 0 sample requests/)).toBeVisible();
  await page.getByRole('switch', { name: 'Erase old records automatically' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^On: leads, captures, card photos and sample requests older than 12 months are erased every hour/)).toBeVisible();
  await expectNoSeriousViolations(page);
  // Saved in the database: a reload shows it.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Erase old records automatically' })).toBeChecked();
  await expect(page.getByLabel('Keep records for (months)')).toHaveValue('12');
});
