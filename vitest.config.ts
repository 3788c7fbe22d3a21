import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Files named *.pg.test.ts need a PostgreSQL server of their own (DATABASE_URL): they belong to
// the PostgreSQL run only, and the SQLite run does not list them at all. Files named
// *.sqlite.test.ts are about SQLite's file locking and belong to the SQLite run only.
const postgresOnly = 'tests/api/**/*.pg.test.ts';
const sqliteOnly = 'tests/api/**/*.sqlite.test.ts';

const databaseExclude = process.env.DATABASE_URL ? [sqliteOnly] : [postgresOnly];

// Files that start server processes, kill them or hold console spies for the whole file: each in a
// fresh worker of its own, so a leftover of one never slows or silences the next (decision 0070).
const ownProcessFiles = [
  'tests/api/faults/**/*.test.ts',
  'tests/api/ops/**/*.test.ts',
  'tests/api/platform/backup*.test.ts',
  'tests/api/platform/restore*.test.ts',
  'tests/api/platform/litestream*.test.ts',
  'tests/api/platform/quarantine.test.ts',
  'tests/api/back-office/backup-alerts.test.ts',
];

const apiTest = {
  globalSetup: ['tests/support/temp-root.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Vitest's default (one worker less than the cores) is a single worker on the 2-core CI
  // machines; API test files wait on the database and timers most of the time, so two
  // at once take two thirds of the time there (decision 0045).
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
};

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
          ...apiTest,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...databaseExclude, ...ownProcessFiles],
          // One module graph per worker, not per file: importing the app took about half of
          // every file's time (decision 0070). Each file still starts its own app on its own database.
          isolate: false,
        },
      },
      {
        test: {
          ...apiTest,
          name: 'api-processes',
          include: ownProcessFiles,
          exclude: databaseExclude,
        },
      },
    ],
  },
});
