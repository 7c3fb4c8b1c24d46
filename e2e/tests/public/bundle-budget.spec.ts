// Budgets on the production build: the JavaScript a first visit loads is at most 150 KB gzip with no
// admin code among it (nor the capture screen's barcode scanner), and CSS at most 30 KB gzip. The contract
// is for `/`; every public route is held to the same line so a heavy page cannot slip in. Figures per route
// are printed and saved.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { publicRoutes } from '../../pages/public-routes';
import { adminOnlyAssetUrls, readManifest } from './support/build-manifest';

const JS_BUDGET = 150 * 1024;
const CSS_BUDGET = 30 * 1024;

interface RouteFigures {
  route: string;
  jsFiles: number;
  jsGzip: number;
  cssGzip: number;
  urls: string[];
}

test('first visit to each public route - JS within 150 KB gzip, CSS within 30 KB, no admin chunk', async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const adminUrls = adminOnlyAssetUrls(readManifest());
  expect(adminUrls.size, 'the manifest knows the admin pages').toBeGreaterThan(0);

  const figures: RouteFigures[] = [];
  for (const { path } of publicRoutes) {
    // A fresh context per route: a first visit, nothing cached.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const row: RouteFigures = { route: path, jsFiles: 0, jsGzip: 0, cssGzip: 0, urls: [] };
    const everything: string[] = [];
    page.on('response', (res) => {
      everything.push(new URL(res.url()).pathname);
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        res.body().then((body) => {
          const size = gzipSync(body, { level: 9 }).length;
          row.urls.push(new URL(res.url()).pathname);
          if (type === 'script') {
            row.jsFiles += 1;
            row.jsGzip += size;
          } else row.cssGzip += size;
        }),
      );
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    await Promise.all(pending);
    await context.close();
    figures.push(row);
    // The barcode reader (its chunk and ZXing's .wasm) is the capture screen's alone, loaded on Scan.
    expect(everything.filter((u) => /scanner|zxing|barcode|\.wasm$/i.test(u)), `${path} loads no scanner code`).toEqual([]);
  }

  const kb = (n: number) => (n / 1024).toFixed(1);
  const table = ['route                    JS files   JS KB gz   CSS KB gz', ...figures.map((f) => `${f.route.padEnd(24)} ${String(f.jsFiles).padStart(8)} ${kb(f.jsGzip).padStart(10)} ${kb(f.cssGzip).padStart(11)}`)].join('\n');
  console.log(`\nBundle budget (first visit, gzip level 9)\n${table}\n`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/bundle-budget.json', JSON.stringify(figures, null, 2));
  await testInfo.attach('bundle-budget.txt', { body: table, contentType: 'text/plain' });

  for (const f of figures) {
    expect(f.jsGzip, `${f.route} JavaScript gzip bytes`).toBeLessThanOrEqual(JS_BUDGET);
    expect(f.cssGzip, `${f.route} CSS gzip bytes`).toBeLessThanOrEqual(CSS_BUDGET);
    expect(f.urls.filter((u) => adminUrls.has(u)), `${f.route} loads no admin chunk`).toEqual([]);
    expect(f.urls.filter((u) => /admin/i.test(u)), `${f.route} loads nothing named admin`).toEqual([]);
  }
});
