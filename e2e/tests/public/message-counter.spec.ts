// Limits said before they bite (issue #30): a message box shows how much room is left once the text nears the
// server's 5,000-character limit, and how far over it is past the limit (in red), tied to the box as its
// description; far from the limit it shows nothing. The lead form's Message and the sample form's notes.
// Pictured at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { LIMITS } from '../../../api/src/contract';
import { LeadFormPage } from '../../pages/lead-form';
import { SampleFormPage } from '../../pages/sample-form';
import { SiteChrome } from '../../pages/site-chrome';

const MAX = LIMITS.longText;

for (const { width, height } of [{ width: 375, height: 812 }, { width: 1280, height: 800 }]) {
  test(`message boxes at ${width} px - a counter from 80 % of the limit, red past it, described on the box`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    await new SiteChrome(page).ready();
    const form = LeadFormPage.inline(page);
    const message = form.message;
    // The count shown under the box (a screen reader hears it from a live region once typing pauses).
    const counter = form.scope.locator('p').filter({ hasText: /characters? (left|too many)$/ });

    await message.fill('a'.repeat(MAX * 0.8 - 1));
    await expect(counter).toHaveCount(0);
    await expect(message).toHaveAccessibleDescription('');

    await message.fill('a'.repeat(MAX * 0.8));
    await expect(counter).toHaveText('1,000 characters left');
    await expect(message).toHaveAccessibleDescription('1,000 characters left');
    // Counted as the server counts: the spaces around the text are trimmed.
    await message.fill(`  ${'a'.repeat(MAX - 1)}  `);
    await expect(counter).toHaveText('1 character left');

    await message.fill('a'.repeat(MAX + 1370));
    await expect(counter).toHaveText('1,370 characters too many');
    await expect(counter).toHaveClass(/text-red-700/);
    // Once typing pauses, a screen reader hears it too.
    await expect(form.scope.locator('[aria-live="polite"]').filter({ hasText: '1,370 characters too many' })).toHaveCount(1);
    await counter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`lead-message-counter-${width}.png`), animations: 'disabled' });

    await page.goto('/print/samples');
    await new SiteChrome(page).ready();
    const notes = new SampleFormPage(page).field('Additional Notes');
    await notes.fill('b'.repeat(MAX - 250));
    await expect(notes).toHaveAccessibleDescription('250 characters left');
    await page.locator('p').filter({ hasText: '250 characters left' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`sample-notes-counter-${width}.png`), animations: 'disabled' });
  });
}
