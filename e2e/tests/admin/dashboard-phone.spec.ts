// The lead desk on a phone (issue #30): the six filters fold behind one "Filters" button that says how many are
// set while the search stays in view, so the first lead starts within 1.25 screen heights at 375 × 812; on a wide
// screen every filter stays in the row, the search box and the selects one height and one line. Pictured at
// 375 and 1280 px.
import type { Page } from '@playwright/test';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { createLead } from './support/api-data';
import { expect, test, uniqueTag } from './support/admin-test';
import { expectNoSeriousViolations } from './support/screens';

const PHONE = { width: 375, height: 812 };

/** The dashboard with everything above the table loaded: a layout still filling in would move the first lead. */
async function openLoaded(page: Page): Promise<DashboardPage> {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.rows.first()).toBeVisible();
  await expect(dashboard.stat('Total Leads')).not.toHaveText('…');
  await expect(dashboard.chart).toContainText('in the last 30 days');
  await expect(page.getByRole('region', { name: 'CRM sync' })).toBeVisible();
  return dashboard;
}

test('the desk at 375 px - filters folded behind "Filters" with how many are set, search in view, first lead within 1.25 screens', async ({ page }, testInfo) => {
  await createLead(page.request, { email: `${uniqueTag('desk')}@example.com`, company: 'Desk Co' });
  await page.setViewportSize(PHONE);
  const dashboard = await openLoaded(page);

  await expect(dashboard.searchBox).toBeVisible();
  await expect(dashboard.statusFilter).toBeHidden();
  await expect(dashboard.filtersButton).toHaveAccessibleName('Filters');
  await expect(dashboard.filtersButton).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: testInfo.outputPath('desk-375.png'), fullPage: true, animations: 'disabled' });
  const top = await dashboard.rows.first().evaluate((row) => row.getBoundingClientRect().top + window.scrollY);
  expect(top, 'the first lead starts within 1.25 screen heights').toBeLessThanOrEqual(PHONE.height * 1.25);
  await expectNoSeriousViolations(page);

  // Opened, the filters work as on a wide screen, and the button counts those set.
  await dashboard.filtersButton.click();
  await expect(dashboard.filtersButton).toHaveAttribute('aria-expanded', 'true');
  const answered = page.waitForResponse((res) => new URL(res.url()).searchParams.get('status') === 'new');
  await dashboard.statusFilter.selectOption('new');
  await answered;
  await page.getByLabel('Suspected spam').check();
  await expect(dashboard.filtersButton).toHaveAccessibleName('Filters 2 set');
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('desk-filters-open-375.png'), fullPage: false, animations: 'disabled' });
  await page.getByLabel('Suspected spam').uncheck();
  await dashboard.statusFilter.selectOption('');
  await expect(dashboard.filtersButton).toHaveAccessibleName('Filters');
  await dashboard.filtersButton.click();
  await expect(dashboard.statusFilter).toBeHidden();
});

test('the desk at 1280 px - every filter in the row, no "Filters" button; the search box and the selects one height, their tops aligned', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const dashboard = await openLoaded(page);
  await expect(dashboard.filtersButton).toBeHidden();
  const controls = [dashboard.searchBox, dashboard.statusFilter, ...['Rating', 'Follow-up', 'Interest'].map((name) => page.getByRole('combobox', { name }))];
  const boxes: { x: number; y: number; width: number; height: number }[] = [];
  for (const control of controls) {
    await expect(control).toBeVisible();
    boxes.push((await control.boundingBox())!);
  }
  // Laid out in one row or wrapped over two, each control is as tall as the search box, and those sharing its
  // line start where it starts.
  for (const box of boxes) expect(Math.abs(box.height - boxes[0]!.height), 'one control height').toBeLessThanOrEqual(1);
  const sameLine = boxes.filter((box) => Math.abs(box.y - boxes[0]!.y) < box.height / 2);
  expect(sameLine.length, 'the search shares its line with a select').toBeGreaterThan(1);
  for (const box of sameLine) expect(Math.abs(box.y - boxes[0]!.y), 'tops aligned').toBeLessThanOrEqual(1);
  await page.screenshot({ path: testInfo.outputPath('desk-1280.png'), fullPage: false, animations: 'disabled' });
});
