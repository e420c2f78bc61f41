import { defineConfig } from 'vitest/config';
import { aliases } from './build/aliases.ts';

/** End-to-end tests: Debian's Chromium driven by playwright-core against `npm run web` and a real server. */
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    include: ['test/e2e/**/*.test.ts'],
    // The pass against PostgreSQL leaves out what talks to no Command API server (the update feed).
    exclude: process.env.STOCKDESK_TEST_ENGINE === 'postgres' ? ['test/e2e/updates.test.ts'] : [],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // expect.poll waits for what the desk does in the background (a replay's answer, a pull, a
    // screen's refresh): Vitest's default of 1 s is shorter than one replay on a loaded CI machine.
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    // PostgreSQL for the tests that ask for it (test/helpers/postgres.ts): started on first use, stopped here.
    globalSetup: ['test/helpers/postgresGlobal.ts'],
    // A failed test prints its desks' outbox, sync status and logs (test/e2e/diagnostics.ts).
    setupFiles: ['test/e2e/setup.ts'],
  },
});
