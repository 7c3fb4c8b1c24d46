// Where Team and Privacy live (issue #30): on a wide screen they sit in the sidebar under the everyday screens,
// marked when shown; at a phone's width the navigation row keeps four screens and the account menu lists Team and
// Privacy, marking the screen shown (and its button). The menu opens clear of the window's edges at both widths.
// Pictured at 375 and 1280 px.
import type { Locator, Page } from '@playwright/test';
import { TeamPage } from '../../pages/admin/team-page';
import { expect, test } from './support/admin-test';
import { expectNoSeriousViolations } from './support/screens';

/** The open menu keeps a margin from the window's left and right edges. */
async function expectClearOfEdges(page: Page, menu: Locator): Promise<void> {
  const box = (await menu.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, 'clear of the left edge').toBeGreaterThanOrEqual(8);
  expect(box.x + box.width, 'clear of the right edge').toBeLessThanOrEqual(width - 8);
}

test('1280 px - Team and Privacy in the sidebar, the screen shown marked; the account menu keeps Your Devices, clear of the edge', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const team = new TeamPage(page);
  await team.goto();
  await expect(team.heading).toHaveText('Team');
  await expect.poll(() => team.nav.getByRole('link').allInnerTexts()).toEqual(['Lead Dashboard', 'Sample Management', 'Pricing Management', 'Event Capture', 'Team', 'Privacy', 'Mail']);
  await expect(team.nav.getByRole('link', { name: 'Team' })).toHaveAttribute('aria-current', 'page');
  await expect(team.nav.getByRole('link', { name: 'Privacy' })).not.toHaveAttribute('aria-current', 'page');

  await team.accountMenu.click();
  const menu = page.getByRole('menu');
  await expect(page.getByRole('menuitem')).toHaveText(['Notifications', 'Your Devices']);
  await expectClearOfEdges(page, menu);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('team-sidebar-menu-1280.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');

  await team.nav.getByRole('link', { name: 'Privacy' }).click();
  await expect(team.heading).toHaveText('Privacy');
  await expect(team.nav.getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
});

test('375 px - the row keeps four screens; the account menu lists Team and Privacy, marks the screen shown and its button, clear of the edges', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const team = new TeamPage(page);
  await team.goto();
  await expect(team.heading).toHaveText('Team');
  await expect.poll(() => team.nav.getByRole('link').allInnerTexts()).toEqual(['Leads', 'Samples', 'Pricing', 'Capture']);
  await expect(team.nav.getByRole('link', { name: 'Team' })).toHaveCount(0);
  // Nothing in the row is the screen shown: the account menu's button is marked instead.
  await expect(team.nav.locator('[aria-current="page"]').filter({ visible: true })).toHaveCount(0);
  await expect(team.accountMenu).toHaveClass(/bg-brand-50/);

  await team.accountMenu.click();
  const menu = page.getByRole('menu');
  await expect(page.getByRole('menuitem')).toHaveText(['Notifications', 'Team', 'Privacy', 'Mail', 'Your Devices']);
  await expect(team.accountMenuItem('Team')).toHaveAttribute('aria-current', 'page');
  await expect(team.accountMenuItem('Privacy')).not.toHaveAttribute('aria-current', 'page');
  await expectClearOfEdges(page, menu);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath('team-menu-375.png'), animations: 'disabled' });

  await team.accountMenuItem('Privacy').click();
  await expect(team.heading).toHaveText('Privacy');
  // On an everyday screen the button is not marked; the row marks the screen.
  await team.nav.getByRole('link', { name: 'Leads' }).click();
  await expect(team.nav.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page');
  await expect(team.accountMenu).not.toHaveClass(/bg-brand-50/);
});
