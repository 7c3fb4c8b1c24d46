// The offline outbox: a submission made without network is kept on the device,
// survives reloads, tabs and browser restarts, and reaches the database exactly once.
import { expect, test } from '@playwright/test';
import { LIMITS } from '../../../api/src/contract';
import { OUTBOX_DB_NAME } from '../../../web/src/lib/cache-names';
import { LeadFormPage } from '../../pages/lead-form';
import { SampleFormPage } from '../../pages/sample-form';
import { SiteChrome } from '../../pages/site-chrome';
import { closeE2eDb, countLeadsByEmail, findLeadByEmail, findSampleRequestByEmail } from '../public/support/e2e-db';
import { fillLead, waitOutMinimumFillTime } from '../public/support/lead-helpers';
import { uniqueEmail } from '../public/support/unique';
import { expectQueued, indicator, outboxSettled, submitInlineLead, untilHydrated, waitForServiceWorker } from './support/pwa';
import { startSwProxy } from './support/sw-proxy';

test.afterAll(closeE2eDb);

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('inline lead offline - queued view, counted across a reload, sent once when back online', async ({ page, context }) => {
    const email = uniqueEmail('outbox-inline');
    await page.goto('/');
    await waitForServiceWorker(page);
    await context.setOffline(true);
    const shownAt = Date.now();
    await submitInlineLead(page, email, shownAt);
    await expectQueued(page);
    await expect(indicator(page)).toHaveText(/1 waiting to send/);

    await page.reload();
    await expect(indicator(page)).toHaveText(/1 waiting to send/);

    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText('Your saved request has been sent')).toBeVisible();
    expect(await countLeadsByEmail(email)).toBe(1);
  });

  test('modal lead and sample request offline - each queued, then exactly one row each', async ({ page, context }) => {
    const leadEmail = uniqueEmail('outbox-modal');
    const sampleEmail = uniqueEmail('outbox-sample');
    await page.goto('/print/samples');
    await waitForServiceWorker(page);
    await context.setOffline(true);

    const chrome = new SiteChrome(page);
    await chrome.ready();
    await chrome.getDemoButton().click();
    const modal = LeadFormPage.modal(page);
    await expect(modal.firstName).toBeVisible(); // the fill-time clock starts when the form is on screen
    let shownAt = Date.now();
    await fillLead(modal, { firstName: 'Mona', lastName: 'Modal', email: leadEmail, volume: '1000-5000', industry: 'health' }, 'modal');
    await waitOutMinimumFillTime(page, shownAt);
    await modal.submit.click();
    await expectQueued(page);
    await page.getByTestId('queued-notice').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    shownAt = Date.now();
    const samples = new SampleFormPage(page);
    for (const [label, value] of [['First Name', 'Sam'], ['Last Name', 'Sample'], ['Email Address', sampleEmail], ['Address Line 1', '1 Main St'], ['City', 'Springfield'], ['ZIP Code', '62701']]) {
      await samples.field(label!).fill(value!);
    }
    await samples.field('State').selectOption('IL');
    await samples.field('Sample Type').selectOption('both');
    await waitOutMinimumFillTime(page, shownAt);
    await samples.submit.click();
    await expectQueued(page);
    await expect(indicator(page)).toHaveText(/2 waiting to send/);

    await context.setOffline(false);
    await expect(indicator(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('queued-notice')).toHaveAttribute('data-state', 'sent');
    expect(await countLeadsByEmail(leadEmail)).toBe(1);
    expect((await findLeadByEmail(leadEmail))?.volume).toBe('1000-5000');
    await expect.poll(() => sampleCount(sampleEmail)).toBe(1);
  });

  test('update - a new service worker is offered with a reload button and never reloads by itself', async ({ page, context }) => {
    const email = uniqueEmail('outbox-update');
    // Its own server for the worker script: the next version is shipped there, never in the shared build.
    const proxy = await startSwProxy();
    try {
      await page.goto(`${proxy.origin}/`);
      await waitForServiceWorker(page);

      // A new version: the same worker with different bytes, as the next deploy would serve it.
      proxy.shipNextVersion();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      await expect(page.getByTestId('update-prompt')).toContainText('New version available');

      // An item waits: the page keeps running as it is, prompt and all.
      await context.setOffline(true);
      await submitInlineLead(page, email, Date.now());
      await expectQueued(page);
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      // The outbox has told the page what waits (the indicator), and the new worker is still waiting, not active:
      // the page decided to keep the old one rather than reload under the item.
      await expect(indicator(page)).toHaveText(/1 waiting to send/);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state)).toBe('installed');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      await expect(page.getByTestId('update-prompt')).toBeVisible();
      await expect(indicator(page)).toHaveText(/1 waiting to send/);

      // The visitor chooses to reload: the new worker takes over and the item is still there.
      await page.getByTestId('update-prompt').getByRole('button', { name: 'Reload' }).click();
      await page.waitForFunction(() => (window as unknown as { marker?: number }).marker === undefined);
      await expect(indicator(page)).toHaveText(/1 waiting to send/);
      await context.setOffline(false);
      await expect.poll(() => countLeadsByEmail(email), { timeout: 15_000 }).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

test.describe('without the service worker (the page replays by itself)', () => {
  test('lost answer - the server stored it but the browser never heard; the replay still makes one row', async ({ page }) => {
    const email = uniqueEmail('outbox-lost');
    let first = true;
    await page.route('**/api/leads', async (route) => {
      if (!first) return route.continue();
      first = false;
      await route.fetch(); // reaches the server, which stores the lead…
      await route.abort('connectionreset'); // …but the answer never arrives
    });
    await page.goto('/');
    await submitInlineLead(page, email, Date.now());
    await expectQueued(page);
    expect(await countLeadsByEmail(email)).toBe(1);

    // The page's own replay (its backoff timer, due a couple of seconds later) sends it again.
    await expect(page.getByTestId('queued-notice')).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
    expect(await countLeadsByEmail(email)).toBe(1);
  });

  test('two tabs coming back online together - one request reaches the server, one row', async ({ context }) => {
    const email = uniqueEmail('outbox-tabs');
    // Every lead POST either tab got an answer to, i.e. that reached the server: the Web Lock must let one tab
    // send, not merely leave the server to drop the other's duplicate.
    const isLeadPost = (request: { method: () => string; url: () => string }) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/leads';
    let sent = 0;
    const answered: number[] = [];
    // Counted as each request leaves either tab (one still on its way counts too), and as each answer arrives.
    context.on('request', (request) => void (isLeadPost(request) && sent++));
    context.on('response', (response) => void (isLeadPost(response.request()) && answered.push(response.status())));
    const one = await context.newPage();
    const two = await context.newPage();
    await one.goto('/');
    await two.goto('/print');
    await untilHydrated(one);
    await untilHydrated(two);
    await context.setOffline(true);
    await submitInlineLead(one, email, Date.now());
    await expectQueued(one);
    await expect(indicator(two)).toHaveText(/1 waiting to send/);
    // Both tabs hear `online` and both try to replay; the Web Lock lets one send.
    sent = 0;
    answered.length = 0;
    await context.setOffline(false);
    await expect(indicator(one)).toHaveCount(0, { timeout: 15_000 });
    await expect(indicator(two)).toHaveCount(0, { timeout: 15_000 });
    // The outbox has settled: nothing is stored and no tab holds or waits for its lock, so no late try is left.
    await outboxSettled(one);
    expect(sent).toBe(1);
    expect(answered).toEqual([201]);
    expect(await countLeadsByEmail(email)).toBe(1);
  });


  test('a replay answered 422 - kept in the failed list, fixed and resent', async ({ page }) => {
    const email = uniqueEmail('outbox-422');
    // The first try finds no network, so the lead is queued.
    await page.route('**/api/leads', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.goto('/');
    await submitInlineLead(page, email, Date.now());
    await expectQueued(page);
    // What an older version of the form may have queued and this server refuses: a company name longer than
    // the contract allows, written into the device's own outbox (the server's refusal below is real).
    await page.evaluate(
      async ({ dbName, email, company }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(dbName);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const tx = db.transaction('items', 'readwrite');
        const store = tx.objectStore('items');
        const items = await new Promise<{ body: Record<string, unknown> }[]>((resolve) => {
          const all = store.getAll();
          all.onsuccess = () => resolve(all.result as { body: Record<string, unknown> }[]);
        });
        const item = items.find((i) => i.body.email === email)!;
        store.put({ ...item, body: { ...item.body, company } });
        await new Promise((resolve) => (tx.oncomplete = resolve));
        db.close();
      },
      { dbName: OUTBOX_DB_NAME, email, company: 'C'.repeat(LIMITS.company + 1) },
    );

    await indicator(page).click();
    await page.getByRole('button', { name: 'Try sending now' }).click();
    const refused = page.getByRole('form', { name: 'Refused lead submission' });
    await expect(refused).toContainText(`Must be at most ${LIMITS.company} characters`);
    await expect(indicator(page)).toHaveText(/1 need attention/);
    expect(await countLeadsByEmail(email)).toBe(0);

    await refused.getByLabel('Company').fill('Fixed Co');
    await refused.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => countLeadsByEmail(email)).toBe(1);
    expect((await findLeadByEmail(email))?.company).toBe('Fixed Co');
    await expect(page.getByText('Everything has been sent.')).toBeVisible();
  });
});

test.describe('without the form schema on the device', () => {
  test('offline before the form was touched - the submission is queued as typed; the server refuses it, it waits in the failed list, fixed and resent', async ({ page, context }) => {
    const email = uniqueEmail('outbox-noschema');
    // The schema (zod) is not part of the first load: it comes with the first focus on the form.
    const schemaRequests: string[] = [];
    page.on('request', (req) => {
      if (/\/assets\/(lead-schema|public-forms)-/.test(req.url())) schemaRequests.push(req.url());
    });
    await page.goto('/');
    await untilHydrated(page);
    expect(schemaRequests, 'the first load fetches no form schema').toEqual([]);

    await context.setOffline(true);
    const shownAt = Date.now();
    const form = LeadFormPage.inline(page);
    await fillLead(form, { firstName: 'Nora', lastName: 'Noschema', email: 'nora-at-example', company: 'Tunnel Co' }, 'inline');
    await waitOutMinimumFillTime(page, shownAt);
    await form.submit.click();
    await expectQueued(page);

    // Back online, the outbox sends it and the server's validation refuses it: kept, with the server's reason.
    await context.setOffline(false);
    await expect(indicator(page)).toHaveText(/1 need attention/, { timeout: 15_000 });
    await indicator(page).click();
    const refused = page.getByRole('form', { name: 'Refused lead submission' });
    await expect(refused).toContainText('Please enter a valid email');
    await refused.getByLabel('Email').fill(email);
    await refused.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => countLeadsByEmail(email)).toBe(1);
    expect((await findLeadByEmail(email))?.company).toBe('Tunnel Co');
  });
});

async function sampleCount(email: string): Promise<number> {
  return (await findSampleRequestByEmail(email)) ? 1 : 0;
}
