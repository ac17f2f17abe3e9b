import { defineConfig } from 'vitest/config';

const databaseSetup = './apps/api/test/support/global-setup.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: [databaseSetup],
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: [databaseSetup],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A screen polled for its next state gets the time a loaded CI machine needs (vitest's default: 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
