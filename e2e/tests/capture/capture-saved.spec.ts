// A rep's "saved" in view (issue #30): after Save on a phone the form clears and the focus is on First name for
// the next person, so the confirmation shows at the top of the screen for a few seconds, in a live region, taking
// no focus; a second save of the same name says so again. The event's name wraps instead of being cut short, and
// the notes show their counter near the limit. Pictured at 375 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from '../../../api/src/contract';
import { CapturePage } from '../../pages/admin/capture-page';
import { addUser } from '../../support/cli';
import { signIn, uniqueTag } from '../admin/support/admin-test';
import { expectNoSeriousViolations } from '../admin/support/screens';

test.use({ serviceWorkers: 'block' });

/**
 * Resolves once the page has stopped scrolling (the same position three frames running): the focus moved to First
 * name scrolls the page smoothly, and a picture taken mid-scroll is torn.
 */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );

// Three saves, a wait for the notice to go and axe: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** A rep signed in on the capture screen, capturing at a fresh event with a long name. */
async function startCapturing(page: Page): Promise<{ capture: CapturePage; event: string }> {
  const rep = { email: `${uniqueTag('rep')}@example.com`, password: 'e2e-rep-password' };
  addUser(rep.email, rep.password, 'rep', 'Rita Rep');
  await signIn(page.request, rep);
  const capture = new CapturePage(page);
  await capture.goto();
  // A long name, as trade shows have: it wraps rather than being cut to "Home Service…".
  const event = `Home Services Expo North ${uniqueTag('')}`;
  await capture.eventName.fill(event);
  await capture.startCapturing.click();
  await expect(capture.firstName).toBeFocused();
  return { capture, event };
}

async function typePerson(capture: CapturePage, first: string, last: string): Promise<void> {
  await capture.firstName.fill(first);
  await capture.lastName.fill(last);
  await capture.email.fill(`${uniqueTag(first.toLowerCase())}@example.com`);
}

test('Save at 375 px - "Saved …" in view at the top, announced, focus stays on First name; it goes after a few seconds', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { capture, event } = await startCapturing(page);
  const eventName = page.getByText(event, { exact: true });
  await expect(eventName).toBeVisible();
  expect(await eventName.evaluate((el) => el.closest('p')!.scrollWidth <= el.closest('p')!.clientWidth)).toBe(true);
  const nameBox = (await eventName.boundingBox())!;
  expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(375);

  await typePerson(capture, 'Carlos', 'Booth');
  await capture.save.click();
  await expect(capture.firstName).toHaveValue('');
  await expect(capture.saved).toHaveRole('status');
  await expect(capture.saved).toHaveText('Saved Carlos Booth. Ready for the next person.');
  await expect(capture.saved.getByText('Saved Carlos Booth.', { exact: false })).toBeInViewport({ ratio: 1 });
  await settled(page);
  await page.screenshot({ path: testInfo.outputPath('capture-saved-375.png'), animations: 'disabled' });
  await expect(capture.firstName).toBeFocused();
  await expectNoSeriousViolations(page);

  // Gone after a few seconds.
  await expect(capture.saved).toHaveText('', { timeout: 8_000 });

  // The same name again, by keyboard: said again.
  await typePerson(capture, 'Carlos', 'Booth');
  await capture.email.press('Enter');
  await expect(capture.saved).toHaveText('Saved Carlos Booth. Ready for the next person.');
  await expect(capture.firstName).toBeFocused();

  // A refused Save says nothing was saved: the confirmation goes, the error shows.
  await capture.save.click();
  await expect(capture.saved).toHaveText('');
  await expect(capture.firstName).toBeFocused();
  await expect(capture.firstName).toHaveAccessibleDescription('First name is required');

  // Notes near the limit show their counter.
  await capture.openDetails();
  await capture.notes.fill('n'.repeat(LIMITS.longText - 10));
  await expect(capture.notes).toHaveAccessibleDescription('Ctrl+Enter saves from here. 10 characters left');
});

test('Save at 1280 px - "Saved …" in view at the top of the window, focus on First name', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { capture } = await startCapturing(page);
  await capture.openDetails();
  await typePerson(capture, 'Dora', 'Desk');
  await capture.notes.fill('Wants a call');
  await capture.save.click();
  await expect(capture.saved).toHaveText('Saved Dora Desk. Ready for the next person.');
  await expect(capture.saved.getByText('Saved Dora Desk.', { exact: false })).toBeInViewport({ ratio: 1 });
  await settled(page);
  await page.screenshot({ path: testInfo.outputPath('capture-saved-1280.png'), animations: 'disabled' });
  await expect(capture.firstName).toBeFocused();
});
