// Checks every admin screen gets: axe-core finds no serious or critical violation, and a full-page
// screenshot at desktop and phone width lands in test-results/screenshots/ for a person to look at.
import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../../../support/axe';

export const WIDTHS = { desktop: 1280, phone: 375 } as const;

export { expectNoSeriousViolations };

/**
 * Checks the screen and saves its picture at both widths; `ready` waits for what must be on screen. Dialogs
 * are pictured as the viewport shows them (a full-page picture would show the page beyond the backdrop).
 */
export async function checkScreen(page: Page, name: string, ready: () => Promise<void>, { fullPage = true } = {}): Promise<void> {
  for (const [label, width] of Object.entries(WIDTHS)) {
    await page.setViewportSize({ width, height: label === 'phone' ? 812 : 900 });
    await ready();
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}.png`, fullPage, animations: 'disabled' });
  }
}

/** Each text is shown inside `within`, whole, inside the viewport's width; and the page does not scroll sideways. */
export async function expectAllOnScreen(page: Page, within: Locator, texts: readonly string[]): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const text of texts) {
    const value = within.getByText(text, { exact: true }).first();
    await expect(value, text).toBeVisible();
    const box = (await value.boundingBox())!;
    expect(box.x, `${text} starts inside the viewport`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${text} ends inside the viewport`).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}
