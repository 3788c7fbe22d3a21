import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Files named *.pg.test.ts need a PostgreSQL server of their own (DATABASE_URL): they belong to
// the PostgreSQL run only, and the SQLite run does not list them at all. Files named
// *.sqlite.test.ts are about SQLite's file locking and belong to the SQLite run only.
const postgresOnly = 'tests/api/**/*.pg.test.ts';
const sqliteOnly = 'tests/api/**/*.sqlite.test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/temp-root.ts'],
          exclude: process.env.DATABASE_URL ? [sqliteOnly] : [postgresOnly],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Vitest's default (one worker less than the cores) is a single worker on the 2-core CI
          // machines; API test files wait on the database and timers most of the time, so two
          // at once take two thirds of the time there (decision 0045).
          maxWorkers: Math.max(2, os.availableParallelism() - 1),
        },
      },
    ],
  },
});
