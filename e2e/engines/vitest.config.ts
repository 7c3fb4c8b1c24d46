// The cross-engine suite (`npm run test:engines`): one file per engine, the two run at once in two workers,
// the scenarios of each in order (they share that engine's browser and product server).
import { defineConfig, mergeConfig } from 'vitest/config';
import root from '../../vitest.config.ts';

export default mergeConfig(
  { resolve: root.resolve },
  defineConfig({
    test: {
      include: ['e2e/engines/*.test.ts'],
      // The suite's cheaper password hashes (see the root config) for the servers these tests start.
      env: root.test?.env,
      maxWorkers: 2,
      fileParallelism: true,
      testTimeout: 60_000,
      hookTimeout: 90_000,
      reporters: ['verbose'],
    },
  }),
);
