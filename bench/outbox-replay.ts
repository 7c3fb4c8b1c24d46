// 500 submissions waiting in a browser's outbox, then the network comes back: how long until all are
// stored, how many rows, how many duplicates. A real Chromium, the real built app and server, a fresh
// database. The items are written into IndexedDB as the outbox itself writes them (filling the form 500
// times would measure typing, not the replay).
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createDb } from '../api/src/db/knex';
import { OUTBOX_DB_NAME } from '../web/src/lib/cache-names';
import { buildWeb } from '../scripts/build';
import { createBenchDb, type BenchEngine } from './bench-db';
import { startServer } from './server-process';

const ITEMS = Number(process.env.BENCH_OUTBOX_ITEMS ?? 500);
const DEVICES = Number(process.env.BENCH_OUTBOX_DEVICES ?? 5);

export interface OutboxBenchResult {
  devices: number;
  /** Submissions queued across all browsers. */
  items: number;
  seconds: number;
  rows: number;
  /** Rows beyond one per submission. */
  duplicates: number;
  /** Submissions with no row when the bench gave up waiting. */
  lost: number;
}

/** 500 submissions queued in one browser, then online. */
export function benchOutboxReplay(engine?: BenchEngine): Promise<OutboxBenchResult> {
  return replay(1, ITEMS, engine);
}

/** Five phones back on the network at the same moment, 500 queued in each (a hall with dead Wi-Fi). */
export function benchOutboxDevices(engine?: BenchEngine): Promise<OutboxBenchResult> {
  return replay(DEVICES, ITEMS, engine);
}

async function replay(devices: number, perDevice: number, engine?: BenchEngine): Promise<OutboxBenchResult> {
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../dist/client/index.html'))) await buildWeb();
  const bdb = await createBenchDb('outbox', engine);
  const server = await startServer('app', bdb.url);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    // Each browser context is its own device: its own IndexedDB outbox, its own connections.
    const phones = [];
    for (let d = 0; d < devices; d++) {
      const context = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto('/print');
      await context.setOffline(true);
      await page.evaluate(
        async ({ count, device, dbName }) => {
          const open = indexedDB.open(dbName, 1);
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            open.onupgradeneeded = () => open.result.createObjectStore('items', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          const tx = db.transaction('items', 'readwrite');
          const now = Date.now();
          for (let i = 0; i < count; i++) {
            tx.objectStore('items').put({
              id: crypto.randomUUID(), kind: 'lead', url: '/api/leads', authenticated: false, state: 'waiting',
              createdAt: now + i, attempts: 1, nextAttemptAt: now, body: {
                firstName: 'Queued', lastName: `Visitor ${i}`, email: `queued-${device}-${i}@example.com`, source: 'Main Website', elapsedMs: 5000,
              },
            });
          }
          await new Promise((resolve) => (tx.oncomplete = resolve));
          db.close();
        },
        { count: perDevice, device: d, dbName: OUTBOX_DB_NAME },
      );
      await page.reload().catch(() => undefined); // offline: the page comes from the HTTP cache or fails; either is fine
      await page.goto('/print').catch(() => undefined);
      phones.push({ context, page });
    }

    const total = devices * perDevice;
    const db = createDb(bdb.url);
    try {
      const started = performance.now();
      // Page start and `online` both trigger the replay; every device comes back at the same moment.
      await Promise.all(phones.map(async ({ context, page }) => {
        await context.setOffline(false);
        // A navigation the page starts itself when it comes online may interrupt this one; either loads the app,
        // and the rows counted below are what the bench measures.
        await page.goto('/print').catch(() => undefined);
      }));
      let rows = 0;
      while (rows < total && performance.now() - started < 300_000) {
        await new Promise((r) => setTimeout(r, 100));
        rows = Number((await db('leads').count({ n: '*' }).first())?.n ?? 0);
      }
      const seconds = (performance.now() - started) / 1000;
      const distinct = Number((await db('leads').countDistinct({ n: 'email' }).first())?.n ?? 0);
      return { devices, items: total, seconds, rows, duplicates: rows - distinct, lost: total - distinct };
    } finally {
      await db.destroy();
    }
  } finally {
    await browser.close();
    await server.stop();
    await bdb.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of [await benchOutboxReplay(), await benchOutboxDevices()]) {
    console.log(`outbox replay: ${r.devices} browser(s), ${r.items} queued → ${r.rows} stored in ${r.seconds.toFixed(1)} s, ${r.duplicates} duplicates, ${r.lost} lost`);
  }
}
