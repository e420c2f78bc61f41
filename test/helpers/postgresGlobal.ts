/**
 * Vitest globalSetup: gives the run a place to record its PostgreSQL cluster (started lazily by the
 * first test file that needs one, see test/helpers/postgres.ts), and stops and removes that cluster
 * when the run ends. Does nothing when STOCKDESK_TEST_PG_URL names a server (CI starts its own).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopCluster } from '../../scripts/pg-cluster.mjs';
import { CLUSTER_FILE, RUN_DIR_ENV } from './postgres';

export default function setup(): () => void {
  if (process.env.STOCKDESK_TEST_PG_URL) return () => {};
  const runDir = mkdtempSync(join(tmpdir(), 'stockdesk-pgrun-'));
  // Test workers are forked after the global setup and inherit the environment.
  process.env[RUN_DIR_ENV] = runDir;
  return () => {
    const record = join(runDir, CLUSTER_FILE);
    if (existsSync(record)) {
      const { dir } = JSON.parse(readFileSync(record, 'utf8')) as { dir?: string };
      if (dir) stopCluster(dir);
    }
    rmSync(runDir, { recursive: true, force: true });
  };
}
