// The chart is the one part of the dashboard a browser may be unable to run (uPlot formats numbers with
// navigator.language when it loads; WebKitGTK under the POSIX locale reports "C", which Intl refuses): then the
// card says so, its data table still answers, and the rest of the dashboard is there.
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { createLead } from './support/api-data';
import { expect, test, uniqueTag } from './support/admin-test';

test('a browser whose language Intl refuses - the chart card says it cannot draw, its data and the leads are still there', async ({ page }) => {
  const tag = uniqueTag('chart');
  const lead = await createLead(page.request, { lastName: tag, email: `${tag}@example.com` });
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'language', { get: () => 'C' }));
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.chart).toContainText('The chart cannot be drawn in this browser; the numbers are under "Show data".');
  await expect(dashboard.chart.locator('canvas')).toHaveCount(0);
  await dashboard.chart.getByText('Show data', { exact: true }).click();
  await expect(dashboard.chart.getByRole('region', { name: 'Leads per day data' }).getByRole('row')).toHaveCount(31);
  await dashboard.search(lead.lastName);
  await expect(dashboard.rows).toHaveCount(1);
  await expect(dashboard.stat('Total Leads')).not.toHaveText('…');
});
