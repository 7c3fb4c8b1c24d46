// `npm run perf` (not part of `npm test`): Lighthouse 12 mobile (its default simulated Slow 4G and 4x CPU
// slowdown) on every public route of the production build, served exactly as `npm start` serves it on a
// throwaway SQLite database, next to a bare static page served by node:http in the same run: the floor.
// Each page is measured PERF_RUNS times (3) and every figure is the median. Figures go in
// docs/performance.md; the JSON lands in test-results/perf.json.
//   PERF_ROUTES=/,/print  only these routes      PERF_RUNS=1  fewer runs
//   CHROMIUM_PATH=…       another Chromium        PERF_PORT=…  the product's port (default: a free one)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { buildStaleness, buildWeb } from './build';
import { freePort } from '../api/src/testing/local-processes';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.PERF_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const BYTE_TYPES = ['document', 'script', 'stylesheet', 'font', 'image', 'other'] as const;

interface Figures {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer size (bytes on the wire, headers included) per Lighthouse resource type, and the total. */
  bytes: Record<(typeof BYTE_TYPES)[number] | 'total', number>;
}

// The floor: the least a page can be — one small HTML document, no script, no stylesheet, no font.
const FLOOR_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Floor: a bare static page</title><meta name="description" content="A bare static page served by node:http, the floor for the Lighthouse figures.">
</head><body><main><h1>Personalised, trackable direct mail</h1>
<p>Postcards and letters with QR codes, personalised URLs and attribution, printed and mailed for you through one API.</p>
</main></body></html>`;

async function main() {
  const staleness = buildStaleness();
  if (staleness) {
    console.log(staleness === 'stale' ? 'web sources changed since the last build: rebuilding…' : 'no web build yet: building…');
    await buildWeb();
  }
  const server = (await import(pathToFileURL(path.join(ROOT, 'dist/server/entry-server.js')).href)) as typeof import('../web/src/entry-server');
  const only = process.env.PERF_ROUTES?.split(',').map((r) => r.trim());
  const routes = server.PUBLIC_ROUTES.map((r) => r.path).filter((p) => !only || only.includes(p));

  const floor = await startFloor();
  const product = await startProduct();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const results: Figures[] = [];
  try {
    const targets: [string, string][] = [['floor (bare node:http page)', floor.url], ...routes.map((r): [string, string] => [r, product.url + r])];
    for (const [label, url] of targets) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(figuresOf(label, await audit(url, chrome.port)));
      results.push(median(label, runs));
      process.stdout.write(`  measured ${label} (${RUNS} runs)\n`);
    }
  } finally {
    chrome.kill();
    await product.stop();
    floor.server.close();
  }

  printTable(results);
  fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'test-results/perf.json'), JSON.stringify({ measuredAt: new Date().toISOString(), runs: RUNS, load: os.loadavg(), results }, null, 2));
  console.log(`\nload average while measuring (1/5/15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`);
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART and the like, seen on a loaded machine) is tried again. */
async function audit(url: string, port: number, attempts = 3): Promise<Result> {
  const runner = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, { extends: 'lighthouse:default', settings: { disableFullPageScreenshot: true } });
  const lhr = runner?.lhr;
  const failure = !lhr ? 'no result' : lhr.runtimeError?.message;
  if (!failure) return lhr!;
  if (attempts > 1) {
    process.stdout.write(`  retrying ${url}: ${failure}\n`);
    return audit(url, port, attempts - 1);
  }
  throw new Error(`Lighthouse failed on ${url}: ${failure}`);
}

function figuresOf(route: string, lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  const bytes = Object.fromEntries([...BYTE_TYPES, 'total'].map((t) => [t, summary.find((i) => i.resourceType === t)?.transferSize ?? 0])) as Figures['bytes'];
  return {
    route,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    bytes,
  };
}

/** The median of each figure on its own (an odd number of runs gives a value some run really had). */
function median(route: string, runs: Figures[]): Figures {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const m = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
  };
  const pick = <K extends keyof Omit<Figures, 'route' | 'bytes'>>(k: K) => mid(runs.map((r) => r[k]));
  const bytes = Object.fromEntries([...BYTE_TYPES, 'total'].map((t) => [t, mid(runs.map((r) => r.bytes[t as keyof Figures['bytes']]))])) as Figures['bytes'];
  return {
    route,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    cls: pick('cls'),
    bytes,
  };
}

function printTable(results: Figures[]) {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const kb = (b: number) => (b / 1024).toFixed(1);
  const head = ['route', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'a11y', 'BP', 'SEO', 'HTML KB', 'JS KB', 'CSS KB', 'font KB', 'img KB', 'other KB', 'total KB'];
  const rows = results.map((r) => [
    r.route, String(r.performance), s(r.fcpMs), s(r.lcpMs), `${Math.round(r.tbtMs)} ms`, r.cls.toFixed(3),
    String(r.accessibility), String(r.bestPractices), String(r.seo),
    kb(r.bytes.document), kb(r.bytes.script), kb(r.bytes.stylesheet), kb(r.bytes.font), kb(r.bytes.image), kb(r.bytes.other), kb(r.bytes.total),
  ]);
  console.log(`\nLighthouse 12 mobile, simulated Slow 4G, median of ${RUNS}; bytes are on the wire\n`);
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

async function startFloor(): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(FLOOR_HTML);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` };
}

/** The process `npm start` runs after its build check, on a free port and a fresh SQLite file. */
async function startProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = Number(process.env.PERF_PORT ?? (await freePort()));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-perf-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: path.join(dir, 'perf.sqlite'), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited with ${code}`))));
  const ready = (async () => {
    for (let i = 0; i < 300; i++) {
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not answer /api/health within 30 s');
  })();
  await Promise.race([ready, exited]);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
