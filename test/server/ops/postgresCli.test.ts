/**
 * `npm run server -- --database postgres://…` (and STOCKDESK_DATABASE_URL) over the real command
 * line and real HTTP: the server migrates a fresh PostgreSQL database, seeds the demo, serves,
 * reports the engine, closes its pool on SIGTERM; a URL it cannot use gives one line saying what to
 * fix, with no stack trace and no password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { areaPath, decodeResponse, encodeRequest, METHODS, type MethodName } from '@shared/protocol';
import { DEMO_KEYS } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { runCli, startServerProcess, type ServerProcess } from '../../helpers/serverProcess';

let url: string;
let running: ServerProcess | undefined;
beforeAll(async () => {
  url = await createTestDatabase();
}, 120_000);
afterEach(async () => {
  await running?.kill();
  running = undefined;
});
afterAll(async () => {
  if (url) await dropTestDatabase(url);
});

const DEMO_ENV = { STOCKDESK_DEMO_API_KEY: DEMO_KEYS.api_key, STOCKDESK_DEMO_SESSION_KEY: DEMO_KEYS.session_key };

async function call(base: string, method: MethodName, params: Record<string, unknown>) {
  const { body, contentType } = encodeRequest('json', method, params, DEMO_KEYS);
  const res = await fetch(base + areaPath(METHODS[method].area), { method: 'POST', body, headers: { 'content-type': contentType } });
  const out = decodeResponse('json', method, await res.text());
  if (!out.ok) throw new Error(`${method}: ${out.error.code} ${out.error.message}`);
  return out.result as Record<string, unknown>;
}

/** Connections the server's pool holds on the test database, as PostgreSQL itself counts them. */
async function connectionsOf(appName: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>('SELECT count(*)::text AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [appName]);
    return Number(r.rows[0]!.n);
  } finally {
    await c.end();
  }
}

describe('the server on PostgreSQL from the command line', () => {
  it('serves --database postgres://…: migrated, demo seeded, engine in /api/health, writes stored in PostgreSQL, pool closed on SIGTERM', async () => {
    const s = (running = await startServerProcess(['--port', '0', '--demo', '--database', url, '--pool-size', '3'], DEMO_ENV));
    expect(s.lines.find((l) => 'listening' in l)).toMatchObject({ engine: 'postgres', db: expect.not.stringContaining('***') as unknown });
    const health = (await (await fetch(`${s.url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', engine: 'postgres' });
    await call(s.url, 'setProduct', { product_name: 'PG CLI csavar', currency: 'HUF', vat: 27, unit: 'db' });
    // The server's own state: the row is in the PostgreSQL database.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const rows = await c.query("SELECT a.name FROM products p JOIN accounts a ON a.id = p.account_id WHERE p.product_name = 'PG CLI csavar'");
      expect(rows.rows).toEqual([{ name: 'Stockdesk Demo Kft.' }]);
    } finally {
      await c.end();
    }
    expect(await connectionsOf('stockdesk')).toBeGreaterThan(0);
    // --pool-size 3 and the 2 lanes for statements outside transactions (README, "Running on PostgreSQL"):
    // the background workers (mail, NAV) read on a lane while requests hold the pool.
    expect(await connectionsOf('stockdesk')).toBeLessThanOrEqual(3 + 2);
    s.child.kill('SIGTERM');
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(s.lines.some((l) => 'stopped' in l)).toBe(true);
    expect(await connectionsOf('stockdesk')).toBe(0);
  }, 120_000);

  it('serves STOCKDESK_DATABASE_URL, and a second start on the migrated, seeded database finds nothing to do', async () => {
    const s = (running = await startServerProcess(['--port', '0', '--demo'], { ...DEMO_ENV, STOCKDESK_DATABASE_URL: url }));
    const products = await call(s.url, 'getProduct', { filter: 'PG CLI csavar' });
    expect((products.products as Array<{ product_name: string }>).some((p) => p.product_name === 'PG CLI csavar')).toBe(true);
  }, 120_000);

  it.each([
    ['--pool-size', ['--pool-size', '0'], {}, /^--pool-size must be a whole number from 1 to 1000; got 0$/],
    ['STOCKDESK_PG_POOL_SIZE', [], { STOCKDESK_PG_POOL_SIZE: 'many' }, /^STOCKDESK_PG_POOL_SIZE must be a whole number from 1 to 1000; got many$/],
  ] as const)('refuses a bad %s', (_what, args, env, message) => {
    const r = runCli(['--port', '0', '--database', url, ...args], env);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
  }, 60_000);

  it('gives one clear line, without the password, for a server nobody listens on, an unknown database and a bad URL', async () => {
    const u = new URL(url);
    const closed = `postgres://stock:s3cret@127.0.0.1:1/${u.pathname.slice(1)}`;
    const missing = `postgres://${u.username ? `${u.username}:s3cret@` : 'stock:s3cret@'}${u.host}/no_such_database_here`;
    for (const [args, env, message] of [
      [['--database', closed], {}, /^Cannot open the PostgreSQL database postgres:\/\/stock:\*\*\*@127\.0\.0\.1:1\/\S+: nothing accepts connections at 127\.0\.0\.1:1; check the host and port in the URL, and that PostgreSQL is running there\.$/],
      [[], { STOCKDESK_DATABASE_URL: missing }, /^Cannot open the PostgreSQL database \S+\/no_such_database_here: database "no_such_database_here" does not exist; create it \(createdb no_such_database_here\) or correct the name in the URL\.$/],
      [['--database', closed, 'admin', 'account', 'list'], {}, /^Cannot open the PostgreSQL database postgres:\/\/stock:\*\*\*@127\.0\.0\.1:1\/\S+: nothing accepts connections/],
      [['--database', 'postgres://stock:s3cret@db.example:99999/stockdesk'], {}, /^--database: postgres:\/\/stock:\*\*\*@db\.example:99999\/stockdesk is not a valid PostgreSQL URL/],
    ] as const) {
      const r = runCli(['--port', '0', ...args], env);
      expect(r.status, r.stderr).toBe(1);
      expect(r.stderr.trim()).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain('s3cret');
      expect(r.stdout).not.toContain('listening');
    }
  }, 90_000);
});
