// A private, throw-away PostgreSQL cluster for tests and CI: initdb in a temporary directory, trust
// authentication on 127.0.0.1 only, a free port, the unix socket in that directory; stopped and
// removed after. PostgreSQL refuses to run as root, so as root every PostgreSQL program runs as the
// `postgres` user (runuser) in a directory that user owns; as anyone else it runs as that user.
//
//   node scripts/pg-cluster.mjs start [DIR]   prints `export STOCKDESK_TEST_PG_DIR=… STOCKDESK_TEST_PG_URL=…`
//   node scripts/pg-cluster.mjs stop DIR      stops the cluster and removes DIR
//
// Used by .ci/run (one cluster for the whole run) and by test/helpers/postgres.ts (one per vitest run
// when no cluster is given). Plain Node, no dependencies: it runs before anything else is set up.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const runAs = process.env.STOCKDESK_PG_USER ?? 'postgres';

/** The directory of initdb/pg_ctl: STOCKDESK_PG_BIN, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function pgBinDir() {
  if (process.env.STOCKDESK_PG_BIN) return process.env.STOCKDESK_PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return join(base, versions[0], 'bin');
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  throw new Error(
    'PostgreSQL is not installed: no pg_ctl under /usr/lib/postgresql/*/bin or on PATH. Install it (Debian: apt-get install postgresql), set STOCKDESK_PG_BIN to its bin directory, or point STOCKDESK_TEST_PG_URL at a running server.',
  );
}

function pg(program, args, opts = {}) {
  const file = join(pgBinDir(), program);
  const [cmd, argv] = isRoot ? ['runuser', ['-u', runAs, '--', file, ...args]] : [file, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  if (r.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.stdout || r.error?.message || '').trim()}`);
  }
  return r.stdout;
}

/** A port nobody listens on now. Another program may take it before PostgreSQL does; start() retries then. */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Creates and starts a cluster in `dir` (a new temporary directory when not given).
 * Returns { dir, url } with url the superuser's URL to the `postgres` database.
 */
export async function startCluster(dir = mkdtempSync(join(tmpdir(), 'stockdesk-pg-'))) {
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  if (isRoot) {
    const ids = execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', runAs], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  // C locale: text compares and sorts byte by byte, as SQLite's BINARY collation does.
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // Test settings: nothing here must survive a machine crash, so no fsync; enough connections for
  // several test files with their pools and multi-instance tests at once.
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300', 'listen_addresses=127.0.0.1'];
  let lastError;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    try {
      pg('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'server.log'), '-o', [`-p ${port}`, `-k ${dir}`, ...settings.map((s) => `-c ${s}`)].join(' ')]);
      return { dir, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
    } catch (e) {
      lastError = e; // most likely the port was taken in between: try another
    }
  }
  throw lastError;
}

/** Stops the cluster in `dir` (at once: its data is thrown away) and removes the directory. */
export function stopCluster(dir) {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      pg('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '30']);
    } catch (e) {
      console.error(String(e instanceof Error ? e.message : e));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

// Run as a command only as itself: a bench child bundles this file in, and its import.meta.url is then the bundle's.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1] && basename(process.argv[1]) === 'pg-cluster.mjs') {
  const [command, dir] = process.argv.slice(2);
  if (command === 'start') {
    const c = await startCluster(dir);
    console.log(`export STOCKDESK_TEST_PG_DIR='${c.dir}' STOCKDESK_TEST_PG_URL='${c.url}'`);
  } else if (command === 'stop' && dir) {
    stopCluster(dir);
  } else {
    console.error('usage: node scripts/pg-cluster.mjs start [DIR] | stop DIR');
    process.exit(2);
  }
}
