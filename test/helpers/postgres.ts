/**
 * A real PostgreSQL for tests: one fresh database per test file on one cluster per test run.
 *
 * The server: STOCKDESK_TEST_PG_URL when set (.ci/run starts one cluster for the whole run and sets
 * it); otherwise a private cluster (scripts/pg-cluster.mjs) that the first test file asking for a
 * database starts, and that test/helpers/postgresGlobal.ts (vitest globalSetup) stops and removes
 * when the run ends. Runs that never ask for a database never start PostgreSQL, so machines without
 * it still run every other test.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { startCluster } from '../../scripts/pg-cluster.mjs';

/** Set by the global setup: a directory where the run's lazily started cluster is recorded. */
export const RUN_DIR_ENV = 'STOCKDESK_TEST_PG_RUN';
export const CLUSTER_FILE = 'cluster.json';

interface ClusterRecord {
  dir?: string;
  url?: string;
  error?: string;
}

let serverUrl: Promise<string> | undefined;

/** The URL of the test server's `postgres` database (as its superuser); starts the run's cluster if needed. */
export function testServerUrl(): Promise<string> {
  serverUrl ??= resolveServerUrl();
  return serverUrl;
}

async function resolveServerUrl(): Promise<string> {
  const given = process.env.STOCKDESK_TEST_PG_URL;
  if (given) return given;
  const runDir = process.env[RUN_DIR_ENV];
  if (!runDir) {
    throw new Error(
      `No PostgreSQL for this test: set STOCKDESK_TEST_PG_URL to a server's URL, or run the test through vitest with its config (whose globalSetup test/helpers/postgresGlobal.ts sets ${RUN_DIR_ENV}).`,
    );
  }
  const record = join(runDir, CLUSTER_FILE);
  // The first test file to get here starts the cluster (mkdir is atomic); the others wait for its record.
  let starter = false;
  try {
    mkdirSync(join(runDir, 'lock'));
    starter = true;
  } catch {
    // another test file is starting it
  }
  if (starter) {
    let rec: ClusterRecord;
    try {
      rec = await startCluster();
    } catch (e) {
      rec = { error: e instanceof Error ? e.message : String(e) };
    }
    // Written whole, then renamed: a waiting file never reads half a record.
    writeFileSync(record + '.tmp', JSON.stringify(rec));
    renameSync(record + '.tmp', record);
  }
  const deadline = Date.now() + 120_000;
  while (!existsSync(record)) {
    if (Date.now() > deadline) throw new Error(`The test PostgreSQL cluster did not start within 120 s (waiting for ${record}).`);
    await sleep(50);
  }
  const rec = JSON.parse(readFileSync(record, 'utf8')) as ClusterRecord;
  if (!rec.url) throw new Error(`The test PostgreSQL cluster could not be started: ${rec.error ?? 'no URL recorded'}`);
  return rec.url;
}

let counter = 0;

/** The URL of the database called `name` on the server of `serverUrl`. */
function withDatabase(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = '/' + name;
  return u.toString();
}

async function onServer<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: await testServerUrl() });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * Creates a new empty database on the test server and returns its URL. Call it once per test file
 * (in beforeAll) and drop the database with dropTestDatabase in afterAll.
 */
export async function createTestDatabase(): Promise<string> {
  const name = `stockdesk_t${process.pid}_${Date.now().toString(36)}_${counter++}`;
  await onServer((c) => c.query(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`));
  return withDatabase(await testServerUrl(), name);
}

/** Drops a database made by createTestDatabase, ending any connection still open to it. */
export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^stockdesk_t[0-9a-z_]+$/.test(name)) throw new Error(`${url} is not a database made by createTestDatabase`);
  await onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
