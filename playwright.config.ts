// Browser tests against the production build served by the real server (as `npm start` serves it) on a
// fresh SQLite database. Chromium is the system's (e2e/support/chromium.ts): nothing here downloads a browser.
import { defineConfig, devices } from '@playwright/test';
import { headlessChromium } from './e2e/support/chromium';

// Password hashes at 2^12 rather than the product's 2^17 (0.34 s of a core each; see vitest.config.ts): every
// server the browser tests start inherits it, the webServer below and each spec's own (product-server.ts).
process.env.PASSWORD_HASH_COST ??= '12';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DB = `test-results/e2e-${E2E_PORT}.sqlite`;

export default defineConfig({
  testDir: 'e2e/tests',
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: false,
  // Three workers on this 2-core machine: with two, about a fifth of the CPU sat idle while browsers waited
  // (throttled CPU, timers, server restarts), and the suite took 9.0–9.3 min; with three, 7.2 min and the CPU
  // 95 % busy, the slowest test 22 s against its 60 s limit (docs/performance.md, eleventh session).
  // PW_WORKERS overrides it on another machine.
  workers: Number(process.env.PW_WORKERS ?? 3),
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Ends a hung test; it does not time one (timings belong in `npm run bench`). On this session's 2-core machine,
  // half the speed of the last one, tests without a limit of their own took up to 28.5 s: 30 s left no room.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace records every action of every test (screenshots, DOM snapshots): about a sixth of the suite's
    // time on this 2-core machine, kept only for the few that fail, and CI keeps none of them. Asked for when
    // wanted: `PW_TRACE=1 npx playwright test …`. A failure always leaves its screenshot and error context.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    // Browser tests see every request through page.route; the PWA tests switch service workers back on.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: headlessChromium(),
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'tsx e2e/support/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATABASE_URL: E2E_DB, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
  },
});
