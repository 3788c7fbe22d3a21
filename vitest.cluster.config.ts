import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: API tests through a round-robin proxy in front of two server processes
// on one PostgreSQL database (tests/cluster/global-setup.ts starts them). Files run one after the
// other so each can rely on the proxy's strict alternation and the two servers are not overloaded.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/cluster/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
