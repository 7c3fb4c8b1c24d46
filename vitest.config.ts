import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': path.resolve(import.meta.dirname, 'api/src/contract/index.ts') } },
  test: {
    include: ['api/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Fails under CI, warns elsewhere, when the PostgreSQL half of the API tests would be silently skipped.
    globalSetup: ['api/src/testing/postgres-coverage.ts'],
    // scrypt at the product's cost (2^17) takes 0.34 s of a core per hash, and the suite signs in thousands of
    // times; 2^12 takes 7 ms. Children the tests spawn (servers, commands) inherit it. The product's default,
    // and a hash made at it, are tested in password.test.ts.
    env: { PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST ?? '12' },
    // A timeout is there to end a hang, not to time a test (timings belong in `npm run bench`): on a 2-core
    // machine running at half the speed of another (docs/performance.md, fifth session) the longest tests without
    // their own limit took half of 20 s, and a loaded CI machine has run 2.7 × slower still.
    testTimeout: 40_000,
    hookTimeout: 60_000,
    // Two cores: two workers keep the machine responsive for PostgreSQL and the browser tests after.
    maxWorkers: 2,
    // The files of one worker share their modules instead of loading them again for each file (65 s of imports in
    // a fresh-clone CI run; the whole run 180 s isolated, about 120 s shared, here). Every test builds its own app
    // and database, so what modules keep is keyed by them; state a test sets on a module it resets (password.test.ts).
    isolate: false,
  },
});
