// Every button that opens the lead modal, on every public page: each opens the lead form in a dialog
// titled for that button, and the header's Get Demo opens "Request a Demo" everywhere. The buttons were
// found by searching the pages for the lead modal's hook; a page whose button does nothing fails here.
import { expect, test, type Page } from '@playwright/test';
import { LeadModal } from '../../pages/lead-modal';
import { publicRoutes, VIEWPORTS } from '../../pages/public-routes';
import { SiteChrome } from '../../pages/site-chrome';

test.describe.configure({ mode: 'parallel' });
test.use({ reducedMotion: 'reduce' });

interface ContentTrigger {
  /** The button's label in the page's content. */
  button: string;
  /** The dialog title that button gives the lead modal. */
  title: string;
  /** How many such buttons the page has (hero and closing band). */
  count: number;
}

const DEMO_TITLE = 'Request a Demo';

const CONTENT_TRIGGERS: Record<string, ContentTrigger[]> = {
  '/': [{ button: 'Get Demo', title: DEMO_TITLE, count: 1 }],
  '/print': [{ button: 'Contact Sales Team', title: 'Contact Sales Team', count: 1 }],
  '/print/postcards': [{ button: 'Contact Support', title: 'Contact Support', count: 1 }],
  '/print/letters': [{ button: 'Contact Sales Team', title: 'Contact Sales Team', count: 1 }],
  '/print/pricing': [{ button: 'Contact Sales Team', title: 'Contact Sales Team', count: 1 }],
  '/print/faq': [{ button: 'Contact Technical Support', title: 'Contact Technical Support', count: 1 }],
  '/mortgage': [{ button: 'Get Free Consultation', title: 'Get Your Free Consultation', count: 2 }],
  '/USPSInformedDelivery': [{ button: 'Get Started', title: 'Get Started with Informed Delivery', count: 2 }],
  '/digital-audience': [{ button: 'Build Your Audience', title: 'Build Your Audience', count: 2 }],
};

async function expectLeadDialog(page: Page, title: string) {
  const modal = new LeadModal(page);
  // The dialog element itself has no box (its panel is fixed-positioned): its form's first field shows it.
  await expect(modal.firstName(title)).toBeVisible();
  await modal.close(title).click();
  await expect(modal.anyDialog).toHaveCount(0);
}

for (const path of [...publicRoutes.map((r) => r.path), '/no-such-page']) {
  const triggers = CONTENT_TRIGGERS[path] ?? [];
  const names = triggers.map((t) => `"${t.button}"`).join(', ');
  test(`${path} - ${names ? `${names} and ` : ''}the header's Get Demo open the lead form, each in its own dialog`, async ({ page }) => {
    await page.goto(path);
    const chrome = new SiteChrome(page);
    await chrome.ready();
    const modal = new LeadModal(page);
    for (const trigger of triggers) {
      await expect(modal.contentTriggers(trigger.button)).toHaveCount(trigger.count);
      for (let i = 0; i < trigger.count; i++) {
        await modal.contentTrigger(trigger.button, i).click();
        await expectLeadDialog(page, trigger.title);
      }
    }
    // After a titled button, the header's button still gets its own title.
    await chrome.getDemoButton().click();
    await expectLeadDialog(page, DEMO_TITLE);
  });
}

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
    await expectLeadDialog(page, DEMO_TITLE);
  });
});
