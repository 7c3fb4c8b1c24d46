// The admin's keyboard shortcuts that work on every screen: going to each screen and the list of every
// shortcut, each also announced on the control that does the same (aria-keyshortcuts). The keys of a screen's
// own list are tested with that screen's data (dashboard.spec.ts, samples.spec.ts): only those files create
// leads and sample requests, so their counts are not disturbed by a test running beside them.
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { expect, test } from './support/admin-test';
import { expectNoSeriousViolations } from './support/screens';

test('g then d, s, p or c - goes to that screen; ? and the "Keyboard shortcuts" button list every shortcut', async ({ page }) => {
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.heading).toHaveText('Lead Dashboard');
  const screens = [
    ['s', '/admin/samples', 'Sample Management'],
    ['p', '/admin/pricing', 'Pricing Management'],
    ['c', '/admin/capture', 'Event Capture'],
    ['d', '/admin', 'Lead Dashboard'],
  ] as const;
  for (const [key, path, heading] of screens) {
    await expect(dashboard.nav.getByRole('link', { name: heading })).toHaveAttribute('aria-keyshortcuts', `G+${key.toUpperCase()}`);
    await page.keyboard.press('g');
    await page.keyboard.press(key);
    await expect(page).toHaveURL(path);
    await expect(dashboard.heading).toHaveText(heading);
  }

  await page.keyboard.press('?');
  await expect(dashboard.shortcutsDialog.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  for (const text of [
    'Show the keyboard shortcuts',
    'Go to Lead Dashboard',
    'Go to Sample Management',
    'Go to Pricing Management',
    'Go to Event Capture',
    'Move down the list',
    'Move up the list',
    'Open the selected lead',
    'Close the dialog',
    'Search leads',
    'Mark the selected request Processed or Pending',
  ]) {
    await expect(dashboard.shortcutsDialog.getByText(text, { exact: true }).first()).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/keyboard-shortcuts-1280.png', animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(dashboard.shortcutsDialog).toHaveCount(0);

  await expect(dashboard.shortcutsButton).toHaveAttribute('aria-keyshortcuts', 'Shift+/');
  await dashboard.shortcutsButton.click();
  await expect(dashboard.shortcutsDialog.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
});
