// Items survive closing the browser: a persistent context (a real profile on disk) is closed with an item
// waiting and opened again; the item is still counted and is sent once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import config from '../../../playwright.config';
import { closeE2eDb, countLeadsByEmail } from '../public/support/e2e-db';
import { uniqueEmail } from '../public/support/unique';
import { expectQueued, indicator, submitInlineLead, untilHydrated } from './support/pwa';

test.afterAll(closeE2eDb);

test('persistent profile - a waiting item survives closing and reopening the browser, then is sent once', async () => {
  test.setTimeout(60_000); // two browser launches on a busy 2-core machine
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-profile-'));
  const launch = () =>
    chromium.launchPersistentContext(profile, {
      ...config.use?.launchOptions,
      baseURL: config.use?.baseURL,
      serviceWorkers: 'block',
    });
  const email = uniqueEmail('outbox-persist');
  try {
    let context = await launch();
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await untilHydrated(page);
    await context.setOffline(true);
    await submitInlineLead(page, email, Date.now());
    await expectQueued(page);
    await expect(indicator(page)).toHaveText(/1 waiting to send/);
    await context.close();
    expect(await countLeadsByEmail(email)).toBe(0);

    // Reopened online, with the send held back until the reopened page has shown the item as waiting.
    context = await launch();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/leads', async (route) => {
      await released;
      await route.continue();
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/print');
    await expect(indicator(page)).toHaveText(/1 waiting to send/);
    expect(await countLeadsByEmail(email)).toBe(0);
    release();
    await expect.poll(() => countLeadsByEmail(email), { timeout: 30_000 }).toBe(1);
    await expect(indicator(page)).toHaveCount(0);
    await context.close();
  } finally {
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
