// Whose a lead is (issue #31), against the real server: an admin assigns a lead to a rep from its details, and the
// rep works their own leads on a phone. Each rep has a browser of their own (no cookies of the admin's). Pictured
// at 1280 and 375 px, checked with axe.
import { expect, type Browser, type Page } from '@playwright/test';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { addUser } from '../../support/cli';
import type { StaffMember } from '../../../api/src/contract/entities';
import { createLead, getJson } from './support/api-data';
import { ADMIN_NAME, signIn, test, uniqueTag } from './support/admin-test';
import { checkScreen, expectNoSeriousViolations } from './support/screens';

// Two browsers and several axe runs: on a busy 2-core machine more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const PHONE = { width: 375, height: 812 };

type Rep = { email: string; password: string; name: string };

function newRep(tag: string): Rep {
  const rep = { email: `${tag}-rep@example.com`, password: 'e2e-rep-password', name: `Rhea ${tag}` };
  addUser(rep.email, rep.password, 'rep', rep.name);
  return rep;
}

/** The rep's own browser, signed in, at `viewport`. */
async function repBrowser(browser: Browser, rep: Rep, viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, serviceWorkers: 'block', viewport });
  await signIn(context.request, rep);
  return context.newPage();
}

test('an admin assigns a lead to a rep - the desk\'s Owner column and the timeline name the rep, the rep\'s open desk gains the lead, and loses it when it is taken back', async ({ page, browser }) => {
  const tag = uniqueTag('assign');
  const lead = await createLead(page.request, { email: `${tag}@example.com`, lastName: tag });
  const rep = newRep(tag);
  // The rep's desk is open before the lead is theirs: it follows the handover through the live stream.
  const repPage = await repBrowser(browser, rep, { width: 1280, height: 900 });
  const repDesk = new DashboardPage(repPage);
  await repDesk.goto();
  await expect(repPage.getByText('No leads found')).toBeVisible();
  await expect(repDesk.row(lead.email)).toHaveCount(0);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(tag);
  const ownerCell = dashboard.row(lead.email).locator('td').nth(5);
  await expect(ownerCell).toContainText('Unassigned');

  await dashboard.openButton(dashboard.row(lead.email)).click();
  const details = page.getByRole('dialog', { name: 'Lead details' });
  const owner = details.getByRole('combobox', { name: 'Owner' });
  await expect(owner).toHaveValue('');
  await expect(owner.getByRole('option', { name: rep.name })).toBeAttached();
  await owner.selectOption({ label: rep.name });
  await details.getByRole('button', { name: 'Assign' }).click();

  const timeline = details.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText(`Owner: ${rep.name}`);
  await expect(timeline.getByRole('listitem').first()).toContainText(ADMIN_NAME);
  await expect(details).toContainText(`Owner${rep.name}`);
  // The desk behind the dialog was given the answer at once.
  await expect(ownerCell).toHaveText(rep.name);
  await checkScreen(page, 'lead-details-assigned', async () => {
    await expect(timeline).toContainText(`Owner: ${rep.name}`);
  }, { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(ownerCell).toHaveText(rep.name);

  await expect(repDesk.row(lead.email)).toBeVisible();
  await expect(repDesk.row(lead.email).locator('td').nth(5)).toHaveText(rep.name);

  // Given back to nobody: Unassigned on the desk and in the timeline.
  await dashboard.openButton(dashboard.row(lead.email)).click();
  await expect(owner.locator('option:checked')).toHaveText(rep.name);
  await owner.selectOption({ label: 'Unassigned' });
  await details.getByRole('button', { name: 'Assign' }).click();
  await expect(timeline.getByRole('listitem').first()).toContainText(`Unassigned (was ${rep.name})`);
  await expect(ownerCell).toContainText('Unassigned');
  // No longer theirs to work: gone from the rep's open desk.
  await expect(repDesk.row(lead.email)).toHaveCount(0);
  await repPage.context().close();
});

test('a rep at 375 px - only the leads they own, as cards; they move one to Contacted and add a note; no Owner control and no admin data', async ({ page, browser }, testInfo) => {
  const tag = uniqueTag('mine');
  const rep = newRep(tag);
  const theirs = await createLead(page.request, { email: `${tag}-theirs@example.com`, lastName: tag });
  const other = await createLead(page.request, { email: `${tag}-other@example.com`, lastName: tag });
  const repId = (await getJson<StaffMember[]>(page.request, '/api/admin/users')).find((member) => member.email === rep.email)!.id;
  expect((await page.request.put(`/api/admin/leads/${theirs.id}/owner`, { data: { userId: repId } })).status()).toBe(200);

  const repPage = await repBrowser(browser, rep);
  const refused: string[] = [];
  repPage.on('response', (res) => {
    if (res.status() === 403) refused.push(new URL(res.url()).pathname);
  });
  const desk = new DashboardPage(repPage);
  await desk.goto();
  await expect(desk.row(theirs.email)).toBeVisible();
  await desk.search(tag);
  await expect(desk.rows).toHaveCount(1);
  await expect(desk.row(other.email)).toHaveCount(0);
  // Cards at a phone's width, nothing of the admin's around them.
  await expect(desk.table).toHaveCount(0);
  await expect(desk.row(theirs.email)).toContainText(`Owner${rep.name}`);
  await expect(desk.stat('Total Leads')).toHaveCount(0);
  await expect(desk.exportCsv).toHaveCount(0);
  await expect(desk.notAdminNotice).toHaveCount(0);
  await expect(repPage.getByText('The leads you own, newest first.')).toBeVisible();
  await repPage.screenshot({ path: testInfo.outputPath('rep-desk-375.png'), fullPage: true, animations: 'disabled' });
  await repPage.screenshot({ path: 'test-results/screenshots/rep-desk-375.png', fullPage: true, animations: 'disabled' });
  await expectNoSeriousViolations(repPage);

  await desk.openButton(desk.row(theirs.email)).click();
  const details = repPage.getByRole('dialog', { name: 'Lead details' });
  await expect(details.getByRole('combobox', { name: 'Move to stage' })).toBeVisible();
  await expect(details.getByRole('combobox', { name: 'Owner' })).toHaveCount(0);
  await expect(details.getByRole('button', { name: 'Assign' })).toHaveCount(0);
  await details.getByRole('combobox', { name: 'Move to stage' }).selectOption({ label: 'Contacted' });
  await details.getByRole('button', { name: 'Save stage' }).click();
  const timeline = details.getByRole('list', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem').first()).toContainText('Stage: New → Contacted');
  await details.getByRole('textbox', { name: 'Note' }).fill(`Called ${tag}, sending samples`);
  await details.getByRole('button', { name: 'Add note' }).click();
  await expect(timeline.getByRole('listitem').first()).toContainText(`Called ${tag}, sending samples`);
  await expect(timeline.getByRole('listitem').first()).toContainText(rep.name);
  await expectNoSeriousViolations(repPage);
  await repPage.screenshot({ path: 'test-results/screenshots/rep-lead-details-375.png', animations: 'disabled' });
  await repPage.keyboard.press('Escape');
  await expect(desk.row(theirs.email)).toContainText(/Contacted\s*Answered in/);
  expect(refused).toEqual([]);
  await repPage.context().close();
});

