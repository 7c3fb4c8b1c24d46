// Every control that opens the lead modal, on every public page: each opens the lead form in a dialog
// titled for that control, and the header's Get Demo opens "Request a Demo" everywhere. The controls are found
// from each page itself (support/lead-triggers.ts, and the hydrated page's dialog buttons), so a new one is
// tested without touching this file; the
// title each must give comes from the titles the pages themselves open the dialog with.
import { expect, test, type Page } from '@playwright/test';
import { LeadModal } from '../../pages/lead-modal';
import { publicRoutes, VIEWPORTS } from '../../pages/public-routes';
import { SiteChrome } from '../../pages/site-chrome';
import { DEMO_DIALOG_TITLE, leadDialogTitleFor } from '../../../web/src/features/leads/lead-dialog-titles';
import { countByLabel, leadTriggersOf } from './support/lead-triggers';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });

async function expectLeadDialog(page: Page, title: string) {
  const modal = new LeadModal(page);
  // The dialog element itself has no box (its panel is fixed-positioned): its form's first field shows it.
  await expect(modal.firstName(title)).toBeVisible();
  await modal.close(title).click();
  await expect(modal.anyDialog).toHaveCount(0);
}

for (const path of [...publicRoutes.map((r) => r.path), '/no-such-page']) {
  test(`${path} - every lead control of the page and the header's Get Demo open the lead form, each in its own dialog`, async ({ page }) => {
    const triggers = countByLabel(await leadTriggersOf(page.request, path));
    await page.goto(path);
    const chrome = new SiteChrome(page);
    await chrome.ready();
    const modal = new LeadModal(page);
    // And from the hydrated page: every button of its content that says it opens a dialog is one of them, so a
    // control that opens the lead dialog without a link to fall back on is not missed either.
    // (Polled: a part of the page below the fold hydrates on its own, a moment later.)
    const dialogButtons = page.getByRole('main').locator('button[aria-haspopup="dialog"]');
    await expect.poll(async () => countByLabel((await dialogButtons.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim()))).toEqual(triggers);
    for (const [label, count] of triggers) {
      // Hydrated, each link became the button that opens the dialog.
      await expect(modal.contentTriggers(label)).toHaveCount(count);
      for (let i = 0; i < count; i++) {
        await modal.contentTrigger(label, i).click();
        await expectLeadDialog(page, leadDialogTitleFor(label));
      }
    }
    // After a titled button, the header's button still gets its own title.
    await chrome.getDemoButton().click();
    await expectLeadDialog(page, DEMO_DIALOG_TITLE);
  });
}

test('the pages with lead controls of their own are found', async ({ request }) => {
  // A guard on the finder itself: the landing pages are known to have them.
  for (const path of ['/', '/print', '/mortgage', '/USPSInformedDelivery', '/digital-audience']) {
    expect(await leadTriggersOf(request, path), path).not.toEqual([]);
  }
});

test.describe('375 px', () => {
  test.use({ viewport: VIEWPORTS.phone });
  test('/print/pricing - the menu\'s Get Demo and "Contact Sales Team" open the lead form on a phone', async ({ page }) => {
    await page.goto('/print/pricing');
    const chrome = new SiteChrome(page);
    await chrome.ready();
    const modal = new LeadModal(page);
    await modal.contentTrigger('Contact Sales Team', 0).click();
    await expectLeadDialog(page, 'Contact Sales Team');
    await chrome.menuButton.click();
    await chrome.getDemoButton().click();
    await expectLeadDialog(page, DEMO_DIALOG_TITLE);
  });
});
