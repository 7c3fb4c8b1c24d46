// Budgets on the production build, in bytes as they come over the wire: a first visit to each public
// route loads its JavaScript and CSS Brotli-encoded (as the server sends them), within the budgets below,
// and no staff code (admin, charts, event capture, the badge scanner). Figures per route are printed and
// saved to test-results/bundle-budget.json. A second test holds the server to the encoding the client asks for.
//
// The budgets: at most 100 KB of JavaScript and 12 KB of CSS per public route, Brotli. Counted
// until the network is idle, so whatever a page fetches at idle (the service worker's registration, a form's
// parts) counts too, boot.js included. CSS is what the page fetches as stylesheets plus the stylesheet the
// build inlines into the page's HTML (<style data-href>, scripts/build.ts), counted as its contents compressed
// on their own by scripts/public-bytes.ts: inside the HTML it travels compressed with the page, so its own
// share cannot be read off the wire. An inlined stylesheet that a page also fetches (as Vite's preload helper
// does for a dynamic import of a chunk that lists it) is counted twice, as it costs twice.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { publicFirstLoadBytes } from '../../../scripts/public-bytes';
import { publicRoutes } from '../../pages/public-routes';
import { assetUrlOf, readManifest, STAFF_CHUNK_NAME, staffOnlyAssetUrls } from './support/build-manifest';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';

const JS_BUDGET = 100 * 1024;
const CSS_BUDGET = 12 * 1024;

interface RouteFigures {
  route: string;
  jsFiles: number;
  /** Encoded body bytes as received (Brotli when served so). */
  jsBytes: number;
  /** Stylesheets fetched, as received, plus the stylesheet inlined into the page (Brotli, on its own). */
  cssBytes: number;
  cssInlineBytes: number;
  urls: string[];
  /** Scripts and stylesheets over 1 KB that came without Brotli (smaller ones are not worth encoding). */
  notBrotli: string[];
}

test('first visit to each public route - JS and CSS within budget as Brotli on the wire, no staff chunk', async ({ browser }, testInfo) => {
  test.setTimeout(240_000);
  const staffUrls = staffOnlyAssetUrls(readManifest());
  expect(staffUrls.size, 'the manifest knows the staff pages').toBeGreaterThan(0);
  // The inlined stylesheet of each prerendered page, read from the build as scripts/public-bytes.ts counts it.
  const inlineCss = new Map(publicFirstLoadBytes().map((r) => [r.route, r.cssInlineBrotli]));

  const figures: RouteFigures[] = [];
  for (const { path: route } of publicRoutes) {
    // A fresh context per route: a first visit, nothing cached. Chromium offers br (and gzip, zstd) to
    // 127.0.0.1 as it does to any https site.
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    const cssInlineBytes = inlineCss.get(route);
    expect(cssInlineBytes, `${route} is prerendered`).toBeDefined();
    const row: RouteFigures = { route, jsFiles: 0, jsBytes: 0, cssBytes: cssInlineBytes!, cssInlineBytes: cssInlineBytes!, urls: [], notBrotli: [] };
    const everything: string[] = [];
    page.on('response', (res) => {
      everything.push(new URL(res.url()).pathname);
      const type = res.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        (async () => {
          const [sizes, headers] = await Promise.all([res.request().sizes(), res.allHeaders()]);
          const url = new URL(res.url()).pathname;
          row.urls.push(url);
          if (headers['content-encoding'] !== 'br' && sizes.responseBodySize >= 1024) row.notBrotli.push(url);
          if (type === 'script') {
            row.jsFiles += 1;
            row.jsBytes += sizes.responseBodySize;
          } else row.cssBytes += sizes.responseBodySize;
        })(),
      );
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    // The scripts start after the first paint, so network idle alone could come before them: the count is
    // taken once the page has hydrated, and must then hold the entry and every chunk the page declares.
    await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
    const declared = await page.evaluate(() => {
      const boot = document.querySelector('script[data-entry]');
      return [boot?.getAttribute('data-entry') ?? '', ...(boot?.getAttribute('data-preload') ?? '').split(' ')].filter(Boolean);
    });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    await context.close();
    expect(declared.length, `${route} declares its entry and chunks`).toBeGreaterThan(0);
    expect(declared.filter((url) => !row.urls.includes(url)), `${route}: every script it declares was counted`).toEqual([]);
    figures.push(row);
    // The barcode reader (its chunk and ZXing's .wasm) is the capture screen's alone, loaded on Scan.
    expect(everything.filter((u) => /scanner|zxing|barcode|\.wasm$/i.test(u)), `${route} loads no scanner code`).toEqual([]);
  }

  const kb = (n: number) => (n / 1024).toFixed(1);
  const table = [
    'route                    JS files   JS KB br   CSS KB br  (inlined)',
    ...figures.map((f) => `${f.route.padEnd(24)} ${String(f.jsFiles).padStart(8)} ${kb(f.jsBytes).padStart(10)} ${kb(f.cssBytes).padStart(11)} ${kb(f.cssInlineBytes).padStart(10)}`),
  ].join('\n');
  console.log(`\nBundle budget (first visit, Brotli as served)\n${table}\n`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync('test-results/bundle-budget.json', JSON.stringify(figures, null, 2));
  await testInfo.attach('bundle-budget.txt', { body: table, contentType: 'text/plain' });

  for (const f of figures) {
    expect(f.notBrotli, `${f.route}: every script and stylesheet over 1 KB comes Brotli-encoded`).toEqual([]);
    expect(f.jsBytes, `${f.route} JavaScript bytes, Brotli`).toBeLessThanOrEqual(JS_BUDGET);
    expect(f.cssBytes, `${f.route} CSS bytes, Brotli`).toBeLessThanOrEqual(CSS_BUDGET);
    expect(f.urls.filter((u) => staffUrls.has(u)), `${f.route} loads no staff chunk`).toEqual([]);
    expect(f.urls.filter((u) => STAFF_CHUNK_NAME.test(u)), `${f.route} loads nothing named for staff code`).toEqual([]);
  }
});

test('the entry script comes Brotli-encoded when br is accepted, gzip when only gzip is, as is when neither, varying on Accept-Encoding', async ({ request }) => {
  const url = assetUrlOf(readManifest(), 'index.html');
  const file = path.resolve(import.meta.dirname, '../../../dist/client', url.slice(1));
  const cases = [
    { accept: 'gzip, deflate, br', encoding: 'br', size: fs.statSync(`${file}.br`).size },
    { accept: 'gzip', encoding: 'gzip', size: fs.statSync(`${file}.gz`).size },
    { accept: 'identity', encoding: undefined, size: fs.statSync(file).size },
  ];
  for (const c of cases) {
    const res = await request.get(url, { headers: { 'accept-encoding': c.accept } });
    const headers = res.headers();
    expect(res.status()).toBe(200);
    expect(headers['content-encoding'], `Accept-Encoding: ${c.accept}`).toBe(c.encoding);
    expect(Number(headers['content-length']), `bytes sent for Accept-Encoding: ${c.accept}`).toBe(c.size);
    expect(headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(headers['vary']).toMatch(/accept-encoding/i);
    expect(headers['cache-control']).toContain('immutable');
  }
});
