/**
 * Vitest globalSetup: gives the run a place to record its PostgreSQL cluster (started lazily by the
 * first test file that needs one, see test/helpers/postgres.ts), and stops and removes that cluster
 * when the run ends. Does nothing when STOCKDESK_TEST_PG_URL names a server (CI starts its own).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopCluster } from '../../scripts/pg-cluster.mjs';
import { CLUSTER_FILE, RUN_DIR_ENV } from './postgres';

const PREFIX = 'stockdesk-pgrun-';
const OWNER_FILE = 'owner';

export default function setup(): () => void {
  if (process.env.STOCKDESK_TEST_PG_URL) return () => {};
  sweepAbandoned();
  const runDir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(runDir, OWNER_FILE), String(process.pid));
  // Test workers are forked after the global setup and inherit the environment.
  process.env[RUN_DIR_ENV] = runDir;
  return () => removeRun(runDir);
}

function removeRun(runDir: string): void {
  const record = join(runDir, CLUSTER_FILE);
  if (existsSync(record)) {
    const { dir } = JSON.parse(readFileSync(record, 'utf8')) as { dir?: string };
    if (dir) stopCluster(dir);
  }
  rmSync(runDir, { recursive: true, force: true });
}

/**
 * A run that was killed (Ctrl-C twice, a timeout) never reached its teardown and left its cluster
 * running: stop the clusters of runs whose vitest process is gone. Runs still alive, in this
 * worktree or another, are left alone.
 */
function sweepAbandoned(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const runDir = join(tmpdir(), name);
    try {
      const owner = Number(readFileSync(join(runDir, OWNER_FILE), 'utf8'));
      if (owner > 0 && !alive(owner)) removeRun(runDir);
    } catch {
      // no owner written yet (a run starting right now), or removed meanwhile by another sweeper
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
