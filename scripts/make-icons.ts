// Renders the PWA icons from the one SVG logo with the system Chromium (no image library needed).
// Run after changing web/public/icons/logo*.svg: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ICONS = path.resolve(import.meta.dirname, '../web/public/icons');
const OUTPUTS = [
  { svg: 'logo.svg', png: 'icon-192.png', size: 192 },
  { svg: 'logo.svg', png: 'icon-512.png', size: 512 },
  { svg: 'logo-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
  { svg: 'logo.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { svg, png, size } of OUTPUTS) {
  const markup = fs.readFileSync(path.join(ICONS, svg), 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<html><body style="margin:0;background:transparent">${markup.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  await page.screenshot({ path: path.join(ICONS, png), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`wrote ${png}`);
}
await browser.close();
