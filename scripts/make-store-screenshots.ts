// Crops full-page screenshots that the browser tests save (test-results/screenshots/) to the sizes the web
// app manifests show in the richer install dialog. Run after the browser tests:
//   npx tsx scripts/make-store-screenshots.ts <dir-with-test-screenshots>
// The PNGs under web/public/screenshots/ are committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const SOURCE = path.resolve(process.argv[2] ?? 'test-results/screenshots');
const OUT = path.resolve(import.meta.dirname, '../web/public/screenshots');
const CROPS = [
  { from: 'home-desktop-1280.png', to: 'site-wide.png', width: 1280, height: 800 },
  { from: 'home-phone-375.png', to: 'site-narrow.png', width: 375, height: 812 },
  { from: 'dashboard-1280.png', to: 'admin-wide.png', width: 1280, height: 800 },
  { from: 'dashboard-375.png', to: 'admin-narrow.png', width: 375, height: 812 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { from, to, width, height } of CROPS) {
  const data = fs.readFileSync(path.join(SOURCE, from)).toString('base64');
  await page.setViewportSize({ width, height });
  await page.setContent(`<body style="margin:0"><img src="data:image/png;base64,${data}" style="display:block"></body>`);
  await page.screenshot({ path: path.join(OUT, to), clip: { x: 0, y: 0, width, height } });
  console.log(`wrote ${to}`);
}
await browser.close();
