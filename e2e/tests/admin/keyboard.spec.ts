// The admin's keyboard shortcuts, pressed in the built product: moving through leads and sample requests,
// opening and closing a lead, the search, going to each screen, the list of every shortcut, and keys left
// alone while the person types or holds a modifier. Each shortcut is also announced on the control that does
// the same thing (aria-keyshortcuts).
import type { SampleRequest } from '../../../api/src/contract/entities';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { SamplesPage } from '../../pages/admin/samples-page';
import { createLead, createSampleRequest, getJson } from './support/api-data';
import { expect, test, uniqueTag } from './support/admin-test';
import { expectNoSeriousViolations } from './support/screens';

/** Leads made for one test, oldest first, found by searching their tag; then the search box lets go of the focus. */
async function dashboardWith(page: import('@playwright/test').Page, count: number) {
  const tag = uniqueTag('kbd');
  const emails: string[] = [];
  for (let i = 0; i < count; i++) emails.push((await createLead(page.request, { email: `${tag}-${i}@example.com`, lastName: tag })).email);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await dashboard.search(tag);
  await expect(dashboard.rows).toHaveCount(count);
  await dashboard.searchBox.blur();
  return { dashboard, tag, newestFirst: emails.reverse() };
}

test('dashboard - j / k select leads, scrolled into view and outlined; Enter opens the lead, Esc closes it; / goes to the search', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  const { dashboard, newestFirst } = await dashboardWith(page, 8);
  const open = (i: number) => dashboard.openButton(dashboard.row(newestFirst[i]!));
  await expect(dashboard.list).toHaveAttribute('aria-keyshortcuts', 'J K');
  await expect(open(0)).toHaveAttribute('aria-keyshortcuts', 'Enter');
  await expect(dashboard.searchBox).toHaveAttribute('aria-keyshortcuts', '/');

  await page.keyboard.press('j');
  await expect(open(0)).toBeFocused();
  await expect(dashboard.row(newestFirst[0]!)).toHaveCSS('outline-style', 'solid');
  await expect(dashboard.row(newestFirst[1]!)).toHaveCSS('outline-style', 'none');
  for (let i = 1; i < 8; i++) await page.keyboard.press('j');
  await expect(open(7)).toBeFocused();
  await expect(dashboard.row(newestFirst[7]!)).toBeInViewport();
  await page.keyboard.press('j'); // the last row stays selected
  await expect(open(7)).toBeFocused();
  await page.keyboard.press('k');
  await page.keyboard.press('k');
  await expect(open(5)).toBeFocused();

  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Lead details' });
  await expect(details).toContainText(newestFirst[5]!);
  await expect(details.getByRole('button', { name: 'Close' })).toHaveAttribute('aria-keyshortcuts', 'Escape');
  await page.keyboard.press('j'); // the dialog's keys are its own: the selection behind it stays
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(open(5)).toBeFocused();

  await page.keyboard.press('/');
  await expect(dashboard.searchBox).toBeFocused();
  // The search so far is selected: typing replaces it (and "/" itself was not typed into it).
  await expect(dashboard.searchBox).toHaveJSProperty('selectionStart', 0);
  await expect(dashboard.searchBox).toHaveJSProperty('selectionEnd', (await dashboard.searchBox.inputValue()).length);
});

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

test('keys typed into a field, or pressed with Ctrl, Alt or Meta held - no shortcut runs', async ({ page }) => {
  const { dashboard, tag, newestFirst } = await dashboardWith(page, 2);
  const first = dashboard.openButton(dashboard.row(newestFirst[0]!));

  // Typed into the search box, the keys are a search.
  const typed = page.waitForResponse((res) => new URL(res.url()).searchParams.get('q') === `${tag}jkg?d`);
  await dashboard.searchBox.focus();
  await page.keyboard.type('jkg?');
  await page.keyboard.press('d');
  await expect(dashboard.searchBox).toBeFocused();
  await expect(dashboard.searchBox).toHaveValue(`${tag}jkg?d`);
  await typed;
  await expect(dashboard.shortcutsDialog).toHaveCount(0);
  await expect(page).toHaveURL('/admin');
  // A select is a field too (no status starts with these letters, so it keeps its value).
  await dashboard.statusFilter.focus();
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL('/admin');

  await dashboard.search(tag);
  await expect(dashboard.rows).toHaveCount(2);
  await dashboard.searchBox.blur();
  for (const key of ['Alt+j', 'Control+j', 'Meta+j', 'Alt+Shift+?']) await page.keyboard.press(key);
  await expect(first).not.toBeFocused();
  await expect(dashboard.shortcutsDialog).toHaveCount(0);
  // The same key alone does run.
  await page.keyboard.press('j');
  await expect(first).toBeFocused();
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
