import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@contract': path.resolve(import.meta.dirname, 'api/src/contract/index.ts') } },
  test: {
    include: ['api/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Fails under CI, warns elsewhere, when the PostgreSQL half of the API tests would be silently skipped.
    globalSetup: ['api/src/testing/postgres-coverage.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: two workers keep the machine responsive for PostgreSQL and the browser tests after.
    maxWorkers: 2,
  },
});
