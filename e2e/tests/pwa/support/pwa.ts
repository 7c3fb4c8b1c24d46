// Steps shared by the PWA tests: wait until the service worker controls the page (its precache is then
// complete), and drive the lead form the way a visitor does.
import { expect, type Page } from '@playwright/test';
import { LeadFormPage } from '../../../pages/lead-form';
import { fillLead, waitOutMinimumFillTime } from '../../public/support/lead-helpers';
import { HYDRATED_SELECTOR } from '../../../../web/src/lib/hydration-mark';
import { OUTBOX_DB_NAME, OUTBOX_LOCK_NAME } from '../../../../web/src/lib/cache-names';

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Waits until the page has its code and is hydrated. A page starts its script right after its first paint
 * (web/boot.js), which on this fast machine can come after the load event: a test that takes the network away
 * right after `goto` must wait for this first, as a first-time visitor who lost the connection within that
 * frame would be left with the plain HTML page.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
}

/** Fills and submits the landing page's inline demo form. */
export async function submitInlineLead(page: Page, email: string, shownAt: number): Promise<void> {
  // The form's fill-time clock starts at hydration; count from then at the earliest, or the spam guard
  // (a submission faster than a person could type) would answer like a success and store nothing.
  await untilHydrated(page);
  shownAt = Math.max(shownAt, Date.now());
  const form = LeadFormPage.inline(page);
  await fillLead(form, { firstName: 'Olive', lastName: 'Offline', email, company: 'Outbox Inc', industry: 'retail' }, 'inline');
  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
}

export function indicator(page: Page) {
  return page.getByTestId('outbox-indicator');
}

export async function expectQueued(page: Page): Promise<void> {
  await expect(page.getByTestId('queued-notice')).toContainText("Saved — it will be sent automatically when you're back online", { timeout: 15_000 });
}

/**
 * Resolves once the origin's outbox has settled: no item in its store, and no tab or worker holding or waiting for
 * its lock (a replay under way holds it from reading the items to recording the answer). From then on nothing
 * the device kept can still reach the server, so a count read after it is final.
 */
export async function outboxSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ dbName, lockName }) => {
            const db = await new Promise<IDBDatabase>((resolve, reject) => {
              const open = indexedDB.open(dbName);
              open.onsuccess = () => resolve(open.result);
              open.onerror = () => reject(open.error);
            });
            const items = db.objectStoreNames.contains('items')
              ? await new Promise<number>((resolve, reject) => {
                  const count = db.transaction('items').objectStore('items').count();
                  count.onsuccess = () => resolve(count.result);
                  count.onerror = () => reject(count.error);
                })
              : 0;
            db.close();
            const locks = await navigator.locks.query();
            const busy = [...(locks.held ?? []), ...(locks.pending ?? [])].filter((l) => l.name === lockName).length;
            return { items, busy };
          },
          { dbName: OUTBOX_DB_NAME, lockName: OUTBOX_LOCK_NAME },
        ),
      { timeout: 15_000 },
    )
    .toEqual({ items: 0, busy: 0 });
}
