// The scenarios every engine runs, written once against the driver interface (driver.ts): the site, the forms,
// the offline outbox without Background Sync, the service worker, the staff screens and the forms without
// script, against the production build on the real server and a fresh SQLite file. Each engine's file
// (firefox.test.ts, webkit.test.ts) calls `engineScenarios` with its launcher; the two run in parallel.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC_ROUTES } from '../../web/src/app/routes';
import { ADMIN_API_CACHE, PUBLIC_API_CACHE } from '../../web/src/lib/cache-names';
import { HYDRATED_ATTRIBUTE, HYDRATED_MARK } from '../../web/src/lib/hydration-mark';
import { assetUrlOf, readManifest } from '../tests/public/support/build-manifest';
import type { Engine, EngineLaunch, OpenOptions, Tab } from './driver';
import { detectApis, ENGINE_APIS } from './support/engine-apis';
import { qrModules, readQrExpression } from './support/qr-in-page';
import { startProduct, type Product } from './support/product';
import {
  fillLeadForm,
  fillSampleForm,
  formValues,
  gone,
  hydrated,
  LEAD_FORM,
  leadFormValues,
  outboxEmpty,
  OUTBOX_INDICATOR,
  QUEUED_NOTICE,
  SAMPLE_FORM,
  sampleFormValues,
  SAVED_FOR_LATER,
  serviceWorkerControls,
  storedOnce,
  textShows,
  uniqueEmail,
  until,
  visible,
  waitOutFillTime,
} from './support/steps';

const SCREENSHOTS = 'test-results/engines';

/** The page's own retry after the server is back: its backoff timer (2 s doubling, jittered) fires within this. */
const RETRY_WINDOW_MS = 20_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The requests (`METHOD target`) that carry one of these e-mail addresses in their URL, however it is encoded. */
function carryingAddress(requested: readonly string[], addresses: string[]): string[] {
  const decoded = (target: string) => {
    try {
      return decodeURIComponent(target.replace(/\+/g, ' '));
    } catch {
      return target;
    }
  };
  return requested.filter((request) => addresses.some((address) => request.includes(address) || decoded(request).includes(address)));
}

export function engineScenarios(name: string, launch: (options: EngineLaunch) => Promise<Engine>): void {
  let product: Product;
  let engine: Engine;

  beforeAll(async () => {
    product = await startProduct(name);
    engine = await launch({ origin: product.proxy.origin });
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await product?.stop();
  });

  /** A fresh tab for one scenario; its script errors fail the scenario; closed whatever happens. */
  async function inTab(options: OpenOptions, scenario: (tab: Tab, email: (tag: string) => string) => Promise<void>): Promise<void> {
    const tab = await engine.open(options);
    const firstRequest = product.proxy.requested.length;
    try {
      await scenario(tab, (tag) => uniqueEmail(name, tag));
      expect(await tab.scriptErrors()).toEqual([]);
    } catch (error) {
      const file = path.resolve(SCREENSHOTS, `${name}-${expect.getState().currentTestName?.replace(/\W+/g, '-').slice(0, 80)}`);
      fs.mkdirSync(SCREENSHOTS, { recursive: true });
      await tab.screenshot(`${file}.png`).then(() => console.error(`${name}: screenshot of the failure at ${file}.png`), () => undefined);
      fs.writeFileSync(`${file}.requests.txt`, `${product.proxy.requested.slice(firstRequest).join('\n')}\n`);
      console.error(`${name}: what the browser requested in the scenario, in order, at ${file}.requests.txt`);
      throw error;
    } finally {
      product.proxy.restore();
      await tab.close();
    }
  }

  describe('the public site', () => {
    test('every public route - loads, hydrates with its own title and has no script error', () =>
      inTab({}, async (tab) => {
        for (const route of PUBLIC_ROUTES) {
          await tab.goto(route.path);
          await hydrated(tab);
          expect([route.path, await tab.evaluate(() => document.title)]).toEqual([route.path, route.meta.title]);
        }
        // Both engines report the first contentful paint, so the boot script (web/boot.js) starts the app after
        // it, not on its 3 s fallback for a page that paints nothing.
        const [paint, start] = await tab.evaluate(
          (mark) => [performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null, performance.getEntriesByName(mark)[0]!.startTime],
          HYDRATED_MARK,
        );
        expect(paint).not.toBeNull();
        expect(start).toBeGreaterThanOrEqual(paint!);
      }));

    test('browser APIs - the engine lacks what docs/offline.md says it lacks, so the fallbacks below are the ones running', () =>
      inTab({}, async (tab) => {
        await tab.goto('/');
        expect(await tab.evaluate(detectApis)).toEqual(ENGINE_APIS[name]);
      }));

    test('lead dialog - opens from Get Demo, closes by its Close button and by Escape', () =>
      inTab({}, async (tab) => {
        await tab.goto('/print');
        await hydrated(tab);
        const getDemo = { role: 'button', name: 'Get Demo', within: { role: 'navigation', name: 'Main' } } as const;
        await tab.click(getDemo);
        await visible(tab, { label: 'First Name', within: { role: 'dialog' } });
        await tab.click({ role: 'button', name: 'Close dialog', within: { role: 'dialog' } });
        await gone(tab, { role: 'dialog' });
        await tab.click(getDemo);
        await visible(tab, { label: 'First Name', within: { role: 'dialog' } });
        await tab.press('Escape');
        await gone(tab, { role: 'dialog' });
      }));
  });

  describe('the forms', () => {
    test('lead form - the messages beside empty fields, then stored once and the thank-you', () =>
      inTab({}, async (tab, email) => {
        const address = email('lead');
        await tab.goto('/');
        await hydrated(tab);
        const shownAt = Date.now();
        await tab.click({ role: 'button', name: /^(Request Demo|Send Request)$/, within: LEAD_FORM });
        for (const message of ['First name is required', 'Last name is required', 'Email is required']) await visible(tab, { text: message, within: LEAD_FORM });
        await fillLeadForm(tab, address);
        await waitOutFillTime(tab, shownAt);
        await tab.click({ role: 'button', name: /^(Request Demo|Send Request)$/, within: LEAD_FORM });
        await visible(tab, { role: 'heading', name: 'Thank You!' });
        const stored = await storedOnce(() => product.leadsWithEmail(address), 'the lead', () => outboxEmpty(tab));
        expect([stored.firstName, stored.lastName, stored.company, stored.industry, stored.spamReason]).toEqual(['Eve', 'Engine', 'Cross Engine Co', 'retail', null]);
      }));

    test('sample form - a bad ZIP refused beside its field, then stored once and the thank-you dialog', () =>
      inTab({}, async (tab, email) => {
        const address = email('sample');
        await tab.goto('/print/samples');
        await hydrated(tab);
        const shownAt = Date.now();
        await fillSampleForm(tab, address, '123');
        await waitOutFillTime(tab, shownAt);
        const submit = { role: 'button', name: /^(Request Free Samples|Submitting\.\.\.)$/, within: SAMPLE_FORM } as const;
        await tab.click(submit);
        await visible(tab, { text: 'ZIP code must be 12345 or 12345-6789', within: SAMPLE_FORM });
        await tab.fill({ label: 'ZIP Code', within: SAMPLE_FORM }, '62701');
        await tab.click(submit);
        await visible(tab, { role: 'dialog', name: 'Thank You!' });
        const stored = await storedOnce(() => product.sampleRequestsWithEmail(address), 'the sample request', () => outboxEmpty(tab));
        expect([stored.zip, stored.state, stored.sampleType, stored.spamReason]).toEqual(['62701', 'IL', 'both', null]);
      }));
  });

  describe('the outbox without Background Sync', () => {
    test('server unreachable - the lead is kept, survives a reload, and the page sends it once when the server is back', () =>
      inTab({}, async (tab, email) => {
        const address = email('outbox');
        await tab.goto('/');
        await hydrated(tab);
        await serviceWorkerControls(tab);
        expect(await tab.evaluate(() => 'SyncManager' in window)).toBe(false);
        const shownAt = Date.now();
        product.proxy.cut();
        await fillLeadForm(tab, address);
        await waitOutFillTime(tab, shownAt);
        await tab.click({ role: 'button', name: /^(Request Demo|Send Request)$/, within: LEAD_FORM });
        await textShows(tab, QUEUED_NOTICE, SAVED_FOR_LATER, 15_000);
        await textShows(tab, OUTBOX_INDICATOR, /1 waiting to send/);

        await tab.reload(); // answered by the service worker: the server is still out of reach
        await hydrated(tab);
        await textShows(tab, OUTBOX_INDICATOR, /1 waiting to send/);
        expect(await product.leadsWithEmail(address)).toEqual([]);

        product.proxy.restore(); // no `online` event: the browser never knew it was offline
        await gone(tab, OUTBOX_INDICATOR, RETRY_WINDOW_MS);
        await visible(tab, { text: 'Your saved request has been sent' });
        expect((await storedOnce(() => product.leadsWithEmail(address), 'the lead', () => outboxEmpty(tab))).spamReason).toBeNull();
      }));

    test('lost answer - the server stored the lead but the page never heard: kept, retried, still one lead', () =>
      inTab({}, async (tab, email) => {
        const address = email('lost');
        await tab.goto('/');
        await hydrated(tab);
        const shownAt = Date.now();
        await fillLeadForm(tab, address);
        await waitOutFillTime(tab, shownAt);
        product.proxy.loseAnswers((method, path) => method === 'POST' && path === '/api/leads');
        await tab.click({ role: 'button', name: /^(Request Demo|Send Request)$/, within: LEAD_FORM });
        await textShows(tab, QUEUED_NOTICE, SAVED_FOR_LATER, 15_000);
        expect(await product.leadsWithEmail(address)).toHaveLength(1);

        product.proxy.restore();
        await until(() => tab.evaluate(() => document.querySelector('[data-testid="queued-notice"]')?.getAttribute('data-state') === 'sent'), 'the page to say it was sent', RETRY_WINDOW_MS);
        expect((await storedOnce(() => product.leadsWithEmail(address), 'the lead', () => outboxEmpty(tab))).spamReason).toBeNull();
      }));

    test('service worker - a public page visited once (its prices too) and one never visited are served with the server unreachable', () =>
      inTab({}, async (tab) => {
        await tab.goto('/print/pricing');
        await hydrated(tab);
        await visible(tab, { role: 'list', name: 'Pricing products' });
        await serviceWorkerControls(tab);
        // The prices were fetched before the worker controlled the page: it fetches them again to keep them.
        await until(() => tab.evaluate(async (cache) => !!(await (await caches.open(cache)).match('/api/pricing/products')), PUBLIC_API_CACHE), 'the prices to be kept');
        product.proxy.cut();
        for (const route of ['/print/pricing', '/print/faq']) {
          await tab.goto(route);
          await hydrated(tab);
          expect(await tab.evaluate(() => document.title)).toBe(PUBLIC_ROUTES.find((r) => r.path === route)!.meta.title);
          if (route === '/print/pricing') await visible(tab, { role: 'list', name: 'Pricing products' });
        }
      }));

    test('badge reader - without BarcodeDetector, the ZXing reader the Scan button loads reads a QR code from the precache', () =>
      inTab({}, async (tab) => {
        await tab.goto('/');
        await serviceWorkerControls(tab);
        product.proxy.cut();
        const reader = assetUrlOf(readManifest(), 'src/features/event-capture/scanner/zxing-reader.ts');
        expect(await tab.evaluateExpression(readQrExpression(reader, qrModules(`BEGIN:VCARD\nFN:Ada ${name}\nEND:VCARD`)))).toEqual([`BEGIN:VCARD\nFN:Ada ${name}\nEND:VCARD`]);
      }));
  });

  describe('the staff screens', () => {
    test('admin - signs in to the dashboard, which shows the stored leads and their count and a new lead as it arrives (the live stream, gzipped); a capture typed with the server unreachable is kept and sent once later', () =>
      inTab({}, async (tab, email) => {
        const address = email('capture');
        // A lead there before sign-in: the dashboard must show it and count it, read from the server in this engine.
        const listed = email('dashboard');
        await product.submitLead({ firstName: 'Dana', lastName: 'Dashboard', email: listed, company: `Dashboard ${name} Co` });
        const { totalLeads } = await product.stats();
        expect(totalLeads).toBeGreaterThan(0);
        await tab.goto('/login');
        // The worker is there before signing in (a device that has opened the site before), so the screens'
        // reads after it are kept for offline as they arrive.
        await serviceWorkerControls(tab);
        await tab.fill({ label: 'Email' }, product.admin.email);
        await tab.fill({ label: 'Password' }, product.admin.password);
        await tab.click({ role: 'button', name: 'Sign in' });
        await visible(tab, { role: 'heading', name: 'Lead Dashboard' }, 15_000);
        const recent = { role: 'region', name: 'Recent Leads' } as const;
        await visible(tab, { role: 'row', name: new RegExp(`Dana Dashboard.*${escapeRegExp(listed)}.*Dashboard ${name} Co`), within: recent }, 15_000);
        await textShows(tab, { text: /^Total Leads \S+ All time$/ }, new RegExp(`^Total Leads\\s+${totalLeads}\\s+All time\\s*$`));
        // A lead stored while the dashboard is open reaches it on the live stream, gzipped as this engine asked.
        const arriving = email('live');
        await product.submitLead({ firstName: 'Lou', lastName: 'Live', email: arriving, company: `Live ${name} Co` });
        await visible(tab, { role: 'row', name: new RegExp(`Lou Live.*${escapeRegExp(arriving)}`), within: recent }, 15_000);
        expect(product.proxy.streamed.filter((answer) => answer.startsWith('/api/admin/live')).at(-1)).toMatch(/ gzip$/);

        await tab.click({ role: 'link', name: 'Event Capture' });
        await tab.fill({ label: 'Event name' }, `Expo ${name}`);
        await tab.click({ role: 'button', name: 'Start capturing' });
        const form = { role: 'form', name: 'Capture a person' } as const;
        await visible(tab, { label: 'First name', within: form });
        // Who is signed in, kept by the worker: the reload below finds its account without the server.
        await until(() => tab.evaluate(async (cache) => !!(await (await caches.open(cache)).match('/api/auth/user')), ADMIN_API_CACHE), 'the signed-in account to be kept');

        product.proxy.cut();
        await tab.fill({ label: 'First name', within: form }, 'Cal');
        await tab.fill({ label: 'Last name', within: form }, 'Capture');
        await tab.fill({ label: 'Email', within: form }, address);
        await tab.press('Enter');
        await textShows(tab, { testId: 'count-waiting' }, /^1$/);

        await tab.reload(); // the app shell and the signed-in account come from the service worker's caches
        await textShows(tab, { testId: 'count-waiting' }, /^1$/, 15_000);
        expect(await product.leadsWithEmail(address)).toEqual([]);

        product.proxy.restore();
        await textShows(tab, { testId: 'count-sent' }, /^1$/, RETRY_WINDOW_MS);
        const stored = await storedOnce(() => product.leadsWithEmail(address), 'the capture', () => textShows(tab, { testId: 'count-waiting' }, /^0$/));
        expect([stored.firstName, stored.eventName, stored.spamReason]).toEqual(['Cal', `Expo ${name}`, null]);
      }));
  });

  describe('without script', () => {
    test('lead and sample forms - posted by the browser: each refusal beside its field with every value kept, then each stored once with its thank-you page; the same lead posted again stores nothing more; no e-mail address in any URL requested', () =>
      inTab({ javaScript: false }, async (tab, email) => {
        const firstRequest = product.proxy.requested.length;
        const lead = email('noscript-lead');
        const leadSubmit = { role: 'button', name: /^(Request Demo|Send Request)$/, within: LEAD_FORM } as const;
        await tab.goto('/');
        expect(await tab.evaluate((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE)).toBe(false);
        await fillLeadForm(tab, 'not-an-email');
        await tab.click(leadSubmit);
        await visible(tab, { text: 'Please enter a valid email', within: LEAD_FORM });
        expect(await tab.description({ label: 'Email', within: LEAD_FORM })).toBe('Please enter a valid email');
        expect(await formValues(tab, LEAD_FORM, leadFormValues('not-an-email'))).toEqual(leadFormValues('not-an-email'));
        await tab.fill({ label: 'Email', within: LEAD_FORM }, lead);
        await tab.click(leadSubmit);
        await visible(tab, { role: 'heading', name: 'Thank You!' });
        expect(await tab.path()).toBe('/thank-you');
        expect((await storedOnce(() => product.leadsWithEmail(lead), 'the lead')).spamReason).toBeNull();
        // The same post again (Back and Submit, a second press): the server knows it by its content.
        await tab.goto('/');
        await fillLeadForm(tab, lead);
        await tab.click(leadSubmit);
        await visible(tab, { role: 'heading', name: 'Thank You!' });
        expect(await tab.path()).toBe('/thank-you');
        await storedOnce(() => product.leadsWithEmail(lead), 'the lead posted twice');

        const sample = email('noscript-sample');
        const sampleSubmit = { role: 'button', name: 'Request Free Samples', within: SAMPLE_FORM } as const;
        await tab.goto('/print/samples');
        await fillSampleForm(tab, sample, '123');
        await tab.click(sampleSubmit);
        await visible(tab, { text: 'ZIP code must be 12345 or 12345-6789', within: SAMPLE_FORM });
        expect(await tab.description({ label: 'ZIP Code', within: SAMPLE_FORM })).toBe('ZIP code must be 12345 or 12345-6789');
        expect(await formValues(tab, SAMPLE_FORM, sampleFormValues(sample, '123'))).toEqual(sampleFormValues(sample, '123'));
        await tab.fill({ label: 'ZIP Code', within: SAMPLE_FORM }, '62701');
        await tab.click(sampleSubmit);
        await visible(tab, { role: 'heading', name: 'Thank You!' });
        expect(await tab.path()).toBe('/print/samples/thank-you');
        expect((await storedOnce(() => product.sampleRequestsWithEmail(sample), 'the sample request')).spamReason).toBeNull();

        // What the browser requested: the posts went in bodies, so no address is in a URL (a form that fell back
        // to GET would put it in the query).
        const requested = product.proxy.requested.slice(firstRequest);
        expect(requested).toEqual(expect.arrayContaining(['GET /', 'POST /api/leads', 'GET /thank-you', 'GET /print/samples', 'POST /api/print-samples']));
        expect(carryingAddress(requested, [lead, sample])).toEqual([]);
      }));
  });
}
