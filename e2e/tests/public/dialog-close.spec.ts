// Every dialog closes every time. Headless UI's transition state machine could leave a dialog's panel mounted
// over the page, catching clicks, when it was closed during its opening transition (headlessui#3892; CI saw
// the lead dialog stay open after Close). Each dialog of the public site is opened and at once closed (in the
// frame it appears, so during its opening transition), by its × button and by Escape, on a CPU slowed
// fourfold, with and without reduced motion: after each close no dialog is left and nothing covers the button
// that opened it. The staff screens' dialogs are the same Modal; two of them (a lead's details, the keyboard
// shortcuts) go through the same rounds. The rounds run in the page, a frame apart, so 50 of them take a second or two; a real click
// at the end proves the page takes clicks.
import type { Locator, Page } from '@playwright/test';
import { MIN_FILL_MS } from '../../../api/src/contract';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { LeadFormPage } from '../../pages/lead-form';
import { SampleFormPage } from '../../pages/sample-form';
// The staff's session for the admin's dialogs; the public pages are the same with or without it.
import { expect, test } from '../admin/support/admin-test';
import { createLead } from '../admin/support/api-data';
import { withoutLiveStream } from '../admin/support/live-stream';
import { uniqueEmail } from './support/unique';

/**
 * In the page: `rounds` times, press the opener, wait for a dialog, close it at once (× on even rounds, Escape
 * on odd ones; every fourth round one frame after it appeared, the others before its first frame, both inside
 * its opening transition), then check that no dialog is left and that the opener is what is under its own
 * centre. Waits are short tasks, not frames: a frame of a throttled headless page takes a tenth of a second.
 * Returns what went wrong, per round.
 */
function openAndCloseAtOnce(opener: Locator, rounds: number): Promise<string[]> {
  return opener.evaluate(async (button, n) => {
    const dialog = () => document.querySelector('[role="dialog"]');
    const until = async (done: () => boolean) => {
      for (const start = performance.now(); !done() && performance.now() - start < 3_000; ) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const problems: string[] = [];
    for (let i = 0; i < n; i++) {
      (button as HTMLElement).click();
      await until(() => dialog() !== null);
      const open = dialog();
      if (!open) {
        problems.push(`round ${i + 1}: no dialog opened`);
        continue;
      }
      if (i % 4 === 3) await new Promise((resolve) => requestAnimationFrame(resolve));
      const how = i % 2 === 0 ? 'the × button' : 'Escape';
      if (i % 2 === 0) open.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="Escape"]')!.click();
      else (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
      await until(() => dialog() === null);
      if (dialog()) problems.push(`round ${i + 1}: still open after ${how}`);
      // In view, so that what lies over its centre can be asked (a list row may sit below the fold).
      button.scrollIntoView({ block: 'center', behavior: 'instant' });
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (!hit || !button.contains(hit)) problems.push(`round ${i + 1}: the opener is covered by ${hit?.outerHTML.slice(0, 80)}`);
    }
    return problems;
  }, rounds);
}

async function throttled<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    return await run();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

for (const motion of ['reduce', 'no-preference'] as const) {
  test.describe(`reduced motion: ${motion}`, () => {
    test.use({ reducedMotion: motion });
    // Fifty rounds on a CPU slowed fourfold: seconds on a quiet machine, more on a loaded one.
    test.setTimeout(90_000);

    test('the lead dialog opened and closed at once, 50 times under CPU throttling - closed every time, the page takes clicks', async ({ page }) => {
      await page.goto('/');
      await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
      const getDemo = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Get Demo' });
      // The dialog's code loads on the first open; from then on every open is immediate.
      await getDemo.click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Request a Demo' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      expect(await throttled(page, () => openAndCloseAtOnce(getDemo, 50))).toEqual([]);
      await expect(getDemo).toBeFocused();
      // A real click elsewhere on the page is taken.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print API' }).click();
      await expect(page).toHaveURL(/\/print$/);
    });

    test('the outbox dialog (Waiting to send) opened and closed at once, 50 times under CPU throttling - closed every time', async ({ page }) => {
      await page.goto('/');
      await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
      // Something waits on the device: a lead whose sending finds no network (the page itself stays online, so
      // the dialog's code still loads).
      await page.route('**/api/leads', (route) => route.abort('internetdisconnected'));
      const form = LeadFormPage.inline(page);
      await form.firstName.fill('Dee');
      await form.lastName.fill('Alog');
      await form.email.fill(uniqueEmail('dialog-outbox'));
      await page.waitForTimeout(MIN_FILL_MS);
      await form.submit.click();
      const indicator = page.getByTestId('outbox-indicator');
      await expect(indicator).toHaveText(/1 waiting to send/);
      await indicator.click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Waiting to send' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      expect(await throttled(page, () => openAndCloseAtOnce(indicator, 50))).toEqual([]);
      await indicator.click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Waiting to send' })).toBeVisible();
    });

    test('staff dialogs (a lead\'s details, the keyboard shortcuts) opened and closed at once, 50 times each under CPU throttling - closed every time, the screen takes clicks', async ({ page, context }) => {
      // Only this test's lead on screen: another test's lead arriving live would move the rows under the opener.
      await withoutLiveStream(context);
      const lead = await createLead(page.request, { email: uniqueEmail('dialog-staff') });
      const dashboard = new DashboardPage(page);
      await dashboard.goto();
      await dashboard.search(lead.email);
      const details = dashboard.openButton(dashboard.row(lead.email));
      // The dialog's code loads on the first open.
      await details.click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Lead details' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      expect(await throttled(page, () => openAndCloseAtOnce(details, 50))).toEqual([]);
      const shortcuts = page.getByRole('button', { name: 'Keyboard shortcuts' });
      expect(await throttled(page, () => openAndCloseAtOnce(shortcuts, 50))).toEqual([]);
      await dashboard.searchBox.click();
      await expect(dashboard.searchBox).toBeFocused();
    });

    test('the sample Thank You dialog closed in the frame it appears, by × and by Escape - closed each time, the form takes the next request', async ({ page }) => {
      await page.goto('/print/samples');
      await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
      const samples = new SampleFormPage(page);
      for (const [round, how] of (['×', 'Escape'] as const).entries()) {
        await samples.field('First Name').fill('Dee');
        await samples.field('Last Name').fill('Alog');
        await samples.field('Email Address').fill(uniqueEmail(`dialog-sample-${round}`));
        await samples.field('Address Line 1').fill('1 Modal Way');
        await samples.field('City').fill('Austin');
        await samples.field('State').selectOption('TX');
        await samples.field('ZIP Code').fill('73301');
        await samples.field('Sample Type').selectOption('letters');
        await page.waitForTimeout(MIN_FILL_MS);
        // Submit, and close the dialog in the frame it appears; then nothing covers the form's button.
        const problems = await throttled(page, () =>
          samples.submit.evaluate(async (submit, viaEscape) => {
            const dialog = () => document.querySelector('[role="dialog"]');
            const until = async (done: () => boolean, ms: number) => {
              for (const start = performance.now(); !done() && performance.now() - start < ms; ) await new Promise((resolve) => setTimeout(resolve, 0));
            };
            (submit as HTMLButtonElement).click();
            await until(() => dialog() !== null, 10_000);
            const open = dialog();
            if (!open) return ['no dialog opened'];
            if (viaEscape) (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true }));
            else open.querySelector<HTMLButtonElement>('button[aria-keyshortcuts="Escape"]')!.click();
            await until(() => dialog() === null, 3_000);
            if (dialog()) return ['still open'];
            submit.scrollIntoView({ block: 'center', behavior: 'instant' });
            const r = submit.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return hit && submit.contains(hit) ? [] : [`the form's button is covered by ${hit?.outerHTML.slice(0, 80)}`];
          }, how === 'Escape'),
        );
        expect(problems, `closed by ${how}`).toEqual([]);
      }
      await expect(samples.field('First Name')).toHaveValue('');
      await samples.field('First Name').click();
      await expect(samples.field('First Name')).toBeFocused();
    });
  });
}
