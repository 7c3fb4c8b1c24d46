// The lead dialog on a phone (issue #30): scrolled down to its Send button at 375 × 812, the dialog's title and
// its × are still in view (they stay pinned at the top of the panel), and the × still closes it. Pictured at 375
// and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DIALOG_TITLE } from '../../../web/src/features/leads/lead-dialog-titles';
import { LeadModal } from '../../pages/lead-modal';
import { SiteChrome } from '../../pages/site-chrome';
import { expectNoSeriousViolations } from '../../support/axe';

async function openDemoDialog(page: Page): Promise<LeadModal> {
  await page.goto('/');
  await new SiteChrome(page).ready();
  const modal = new LeadModal(page);
  await modal.contentTrigger('Get Demo', 0).click();
  await expect(modal.firstName(DEMO_DIALOG_TITLE)).toBeFocused();
  return modal;
}

for (const { width, height } of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
  test(`the lead dialog at ${width} px scrolled to Send - its title and close button still in view; the close button closes it`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    const modal = await openDemoDialog(page);
    const dialog = modal.dialog(DEMO_DIALOG_TITLE);
    const send = dialog.getByRole('button', { name: 'Send Request' });
    await send.scrollIntoViewIfNeeded();
    await expect(send).toBeInViewport({ ratio: 1 });
    if (width === 375) {
      // On a phone the form is taller than the screen: Send was really scrolled to.
      expect(await dialog.evaluate((el) => [el, ...el.querySelectorAll('*')].some((e) => e.scrollTop > 0))).toBe(true);
    }
    await expect(dialog.getByRole('heading', { name: DEMO_DIALOG_TITLE })).toBeInViewport({ ratio: 1 });
    await expect(modal.close(DEMO_DIALOG_TITLE)).toBeInViewport({ ratio: 1 });
    // Nothing scrolled over it: the close button is what a tap on it reaches.
    const box = (await modal.close(DEMO_DIALOG_TITLE).boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
    expect(hit).toContain('Close dialog');
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`lead-dialog-scrolled-${width}.png`), animations: 'disabled' });
    await modal.close(DEMO_DIALOG_TITLE).click();
    await expect(modal.anyDialog).toHaveCount(0);
  });
}
