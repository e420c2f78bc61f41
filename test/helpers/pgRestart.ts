/**
 * Restarting a private test cluster (scripts/pg-cluster.mjs) while the test keeps running: `pg_ctl
 * restart -m fast` (open connections are terminated, as an operator's restart or a failover does),
 * as the `postgres` user when we are root. Asynchronous on purpose: a server and a desk in this same
 * process must keep running through the outage, or they would never see it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pgBinDir } from '../../scripts/pg-cluster.mjs';

const run = promisify(execFile);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function ctl(args: string[]) {
  const pgCtl = join(pgBinDir(), 'pg_ctl');
  return isRoot ? run('runuser', ['-u', process.env.STOCKDESK_PG_USER ?? 'postgres', '--', pgCtl, ...args]) : run(pgCtl, args);
}

/** Stops the cluster in `dir` (fast: open connections are terminated), keeping its data for startAgain. */
export async function stopForNow(dir: string): Promise<void> {
  await ctl(['stop', '-D', join(dir, 'data'), '-m', 'fast', '-w', '-t', '30']);
}

/** Starts a cluster stopped by stopForNow, or restarts a running one, with the options it was first started with (postmaster.opts). */
export async function startAgain(dir: string): Promise<void> {
  await ctl(['restart', '-D', join(dir, 'data'), '-m', 'fast', '-w', '-t', '60', '-l', join(dir, 'server.log')]);
}

/** pg_ctl restart of the cluster in `dir` (from startCluster), down for `downMs` in between; resolves with how long it took, in ms. */
export async function restartCluster(dir: string, opts: { downMs?: number } = {}): Promise<number> {
  const started = Date.now();
  if (opts.downMs) {
    await stopForNow(dir);
    await new Promise((r) => setTimeout(r, opts.downMs));
  }
  await startAgain(dir);
  return Date.now() - started;
}
