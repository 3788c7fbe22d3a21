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

// Drills that promise a time (a write acknowledged more than 1 s before a kill comes back): run on
// their own after the others, because four files at once on two cores starve the replica's
// processes of the very second the promise is about (decision 0071).
const timedDrills = ['tests/api/platform/litestream-disasters.sqlite.test.ts'];

const apiTest = {
  globalSetup: ['tests/support/temp-root.ts'],
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Four files at once, twice the cores of the 2-core CI machines: an API file waits on its
  // database, its queue and its timers most of the time, and a worker alone left a core idle half
  // the run (decision 0071). PostgreSQL's 100 connections hold four files of two apps of ten.
  maxWorkers: 4,
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
          // After the unit tests, which keep Vitest's default width; each width is a group of its own.
          sequence: { groupOrder: 1 },
          include: ['tests/api/**/*.test.ts'],
          exclude: [...databaseExclude, ...ownProcessFiles, ...timedDrills],
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
          // Each of these starts servers, 10–20 s apiece on a loaded machine: four at once took
          // three of them past their 30 s in CI, so they run two at a time, in a group of their own
          // after the others (decision 0071).
          maxWorkers: 2,
          sequence: { groupOrder: 2 },
          exclude: [...databaseExclude, ...timedDrills],
        },
      },
      {
        test: {
          ...apiTest,
          name: 'api-drills',
          include: timedDrills,
          maxWorkers: 1,
          sequence: { groupOrder: 3 },
          exclude: databaseExclude,
        },
      },
    ],
  },
});
