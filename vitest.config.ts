import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { aliases } from './build/aliases.ts';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    // test/server/postgres/* are PostgreSQL's own (several instances, HAProxy, failover, the migration
    // runner) whatever the engine: they run once, in the PostgreSQL pass (`npm run test:pg`). The
    // concurrency specs (test/server/invariants) start all three of their targets themselves: they run
    // once, in the SQLite pass.
    exclude: ['test/e2e/**', 'node_modules/**', ...(process.env.STOCKDESK_TEST_ENGINE === 'postgres' ? ['test/server/invariants/**'] : ['test/server/postgres/**'])],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // expect.poll waits for background work (a feed's wake-up, a CLI's output): 1 s, Vitest's
    // default, is short when the passes share the machine (scripts/test-all.mjs).
    expect: { poll: { timeout: 10_000 } },
    // PostgreSQL for the tests that ask for it (test/helpers/postgres.ts): started on first use, stopped here.
    globalSetup: ['test/helpers/postgresGlobal.ts'],
  },
});
