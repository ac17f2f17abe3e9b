import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const databaseSetup = './apps/api/test/support/global-setup.ts';
// Vitest's default is one worker fewer than the cores: one on CI's two, where the API tests then run one
// file at a time although most of their time is spent waiting on PostgreSQL, child processes and sockets.
// The unit and API projects share one group, so they must have the same count.
const apiWorkers = Math.max(2, availableParallelism() - 1);

// A browser test file keeps about one core of two busy (Chromium, the API in the test's process,
// PostgreSQL), so two files at a time on CI's two cores: measured, 57% of the machine for one file.
const e2eWorkers = Math.max(2, Math.floor(availableParallelism() / 2) + 1);

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'], maxWorkers: apiWorkers } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          globalSetup: [databaseSetup],
          pool: 'forks',
          maxWorkers: apiWorkers,
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
          maxWorkers: e2eWorkers,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A screen polled for its next state gets the time a loaded CI machine needs (vitest's default: 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
