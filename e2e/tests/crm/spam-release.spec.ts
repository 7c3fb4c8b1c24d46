// A browser that autofills the lead form lets a person press Submit within moments: faster than the minimum
// fill time. Such a lead is thanked like any other, stored in quarantine (not lost), shown to staff under
// "Suspected spam", and released with "Not spam", after which it reaches the CRM (the local fake Pipedrive).
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { LeadFormPage } from '../../pages/lead-form';
import { expect, uniqueTag } from '../admin/support/admin-test';
import { leadsWithEmail } from '../public/support/admin-lookup';
import { crmTest, waitForCrm } from './support/crm-test';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';

crmTest.use({ reducedMotion: 'reduce' });

crmTest('autofill-fast submit - Thank You, quarantined, listed under Suspected spam, released with Not spam, synced', async ({ page, crm }) => {
  const email = `${uniqueTag('autofill')}@example.com`;
  await page.goto('/');
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  const form = LeadFormPage.inline(page);
  // Everything at once, as autofill does, and Submit straight away.
  await form.firstName.fill('Otto');
  await form.lastName.fill('Fill');
  await form.email.fill(email);
  await form.company.fill('Instant Inc');
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();

  const quarantined = await leadsWithEmail(page.request, email, { spam: true });
  expect(quarantined).toHaveLength(1);
  expect(quarantined[0]!.spamReason).toBe('fill_time');
  expect(await leadsWithEmail(page.request, email)).toHaveLength(0);
  expect((await page.request.get('/api/admin/stats').then((r) => r.json())).totalLeads).toBe(0);
  // The CRM queue is empty, so nothing about this lead is still on its way to Pipedrive.
  await waitForCrm(page.request, { pending: 0, failed: 0 });
  expect(crm.pipedrive.persons.filter((p) => p.emails.some((e) => e.value === email))).toHaveLength(0);

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(page.getByText('No leads found')).toBeVisible();
  await page.getByLabel('Suspected spam').check();
  const row = dashboard.row(email);
  await expect(row).toContainText('Suspected spam: sent too fast');
  await page.screenshot({ path: crmTest.info().outputPath('suspected-spam.png') });
  await row.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByText('Lead released')).toBeVisible();
  await expect(page.getByText('No leads found')).toBeVisible();

  await page.getByLabel('Suspected spam').uncheck();
  await expect(dashboard.row(email)).toBeVisible();
  await expect.poll(() => crm.pipedrive.persons.filter((p) => p.emails.some((e) => e.value === email)).length, { timeout: 15_000 }).toBe(1);
  expect((await page.request.get('/api/admin/stats').then((r) => r.json())).totalLeads).toBe(1);
});
