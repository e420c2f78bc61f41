/**
 * The operator's options of `npm run server`, over the real command line and real HTTP: invoice
 * series prefixes from flags and the environment, the storage engine in /api/health, and
 * `--database` / STOCKDESK_DATABASE_URL (SQLite paths and URLs; PostgreSQL in postgresCli.test.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { areaPath, decodeResponse, encodeRequest, METHODS, type MethodName } from '@shared/protocol';
import { DEMO_KEYS } from '../../helpers/server';
import { runCli, startServerProcess, type ServerProcess } from '../../helpers/serverProcess';

let dir: string;
let running: ServerProcess | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-options-'));
});
afterEach(async () => {
  await running?.kill();
  running = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const DEMO_ENV = { STOCKDESK_DEMO_API_KEY: DEMO_KEYS.api_key, STOCKDESK_DEMO_SESSION_KEY: DEMO_KEYS.session_key };

async function call(url: string, method: MethodName, params: Record<string, unknown>) {
  const { body, contentType } = encodeRequest('json', method, params, DEMO_KEYS);
  const res = await fetch(url + areaPath(METHODS[method].area), { method: 'POST', body, headers: { 'content-type': contentType } });
  const out = decodeResponse('json', method, await res.text());
  if (!out.ok) throw new Error(`${method}: ${out.error.code} ${out.error.message}`);
  return out.result as Record<string, unknown>;
}

/** The demo's documents, numbered in the series the server was started with. */
async function invoiceNumbers(url: string): Promise<string[]> {
  const year = new Date().getUTCFullYear();
  const r = await call(url, 'getInvoices', { date_from: `${year - 1}-01-01`, date_to: `${year + 1}-12-31` });
  return (r.invoices as Array<{ invoice_number?: string }>).map((i) => i.invoice_number ?? '');
}

const serve = async (args: string[], env: Record<string, string> = {}) => (running = await startServerProcess(['--port', '0', '--demo', ...args], { ...DEMO_ENV, ...env }));

describe('invoice prefixes', () => {
  it('come from --invoice-prefix and --proforma-prefix, and the flags win over the environment', async () => {
    const s = await serve(['--db', join(dir, 'a.db'), '--invoice-prefix', 'KFT', '--proforma-prefix', 'DB'], { STOCKDESK_INVOICE_PREFIX: 'ENV', STOCKDESK_PROFORMA_PREFIX: 'ENVP' });
    const numbers = await invoiceNumbers(s.url);
    expect(numbers.length).toBeGreaterThan(10);
    for (const n of numbers) expect(n).toMatch(/^(KFT|DB)-\d{4}-\d{6}$/);
    expect(numbers.some((n) => n.startsWith('DB-'))).toBe(true);
  }, 90_000);

  it('come from STOCKDESK_INVOICE_PREFIX and STOCKDESK_PROFORMA_PREFIX', async () => {
    const s = await serve(['--db', join(dir, 'b.db')], { STOCKDESK_INVOICE_PREFIX: 'SZLA', STOCKDESK_PROFORMA_PREFIX: 'DIJB' });
    const numbers = await invoiceNumbers(s.url);
    for (const n of numbers) expect(n).toMatch(/^(SZLA|DIJB)-\d{4}-\d{6}$/);
    expect(numbers.some((n) => n.startsWith('DIJB-'))).toBe(true);
  }, 90_000);

  it.each([
    [['--invoice-prefix', 'S D'], {}, /^--invoice-prefix must be 1 to 10 capital letters A–Z and digits 0–9, starting with a letter .*; got "S D"$/],
    [['--proforma-prefix', 'pro'], {}, /^--proforma-prefix must be 1 to 10 capital letters .*; got "pro"$/],
    [['--invoice-prefix', 'ABCDEFGHIJK'], {}, /^--invoice-prefix must be 1 to 10 capital letters .*; got "ABCDEFGHIJK"$/],
    [[], { STOCKDESK_INVOICE_PREFIX: 'SD-R' }, /^STOCKDESK_INVOICE_PREFIX must be 1 to 10 capital letters .*; got "SD-R"$/],
    [['--invoice-prefix', ''], {}, /^--invoice-prefix must be 1 to 10 capital letters .*; got ""$/],
    [['--proforma-prefix', 'SD'], {}, /^--proforma-prefix \(SD\) must differ from --invoice-prefix \(SD\)/],
    [['--invoice-prefix', 'PRO'], {}, /^--proforma-prefix \(PRO\) must differ from --invoice-prefix \(PRO\)/],
  ] as const)('refuses %j %j at start, saying what is allowed', (args, env, message) => {
    const r = runCli(['--port', '0', '--db', join(dir, 'refused.db'), ...args], env);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stdout).not.toContain('listening');
  }, 60_000);
});

describe('the storage engine and --database', () => {
  it('reports "engine":"sqlite" in /api/health, serving a sqlite: URL given in STOCKDESK_DATABASE_URL', async () => {
    const file = join(dir, 'from-url.db');
    const s = await serve([], { STOCKDESK_DATABASE_URL: `sqlite:${file}` });
    const health = (await (await fetch(`${s.url}/api/health`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: 'ok', engine: 'sqlite' });
    expect(s.lines.find((l) => 'listening' in l)).toMatchObject({ engine: 'sqlite', db: file });
    expect(existsSync(file)).toBe(true);
  }, 90_000);

  it('serves the file given with --database, over STOCKDESK_DATABASE_URL', async () => {
    const file = join(dir, 'flag.db');
    const s = await serve(['--database', file], { STOCKDESK_DATABASE_URL: `sqlite:${join(dir, 'env.db')}` });
    expect(s.lines.find((l) => 'listening' in l)).toMatchObject({ engine: 'sqlite', db: file });
    expect(existsSync(file)).toBe(true);
    expect(existsSync(join(dir, 'env.db'))).toBe(false);
  }, 90_000);

  it('says a PostgreSQL host it cannot find, without echoing the password, for the server and for admin', () => {
    for (const [args, env] of [
      [['--port', '0', '--database', 'postgres://stock:s3cret@db.example:5433/stockdesk'], {}],
      [['--port', '0'], { STOCKDESK_DATABASE_URL: 'postgresql://stock:s3cret@db.example:5433/stockdesk' }],
      [['--database', 'postgres://stock:s3cret@db.example:5433/stockdesk', 'admin', 'account', 'list'], {}],
    ] as const) {
      const r = runCli([...args], env);
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toMatch(/^Cannot open the PostgreSQL database postgres(ql)?:\/\/stock:\*\*\*@db\.example:5433\/stockdesk: the host name db\.example does not resolve; check the host in the URL\.$/);
      expect(r.stderr).not.toContain('s3cret');
      expect(r.stdout).not.toContain('listening');
    }
  }, 90_000);

  it.each([
    [['--database', 'mysql://db.example/stock'], {}, /^--database: mysql: is not a database this server knows; give a SQLite file path, a sqlite: URL or a postgres:\/\/ URL$/],
    [['--database', 'postgres://db.example:99999/stock'], {}, /^--database: postgres:\/\/db\.example:99999\/stock is not a valid PostgreSQL URL/],
    [['--database', 'sqlite://server.db'], {}, /^--database: sqlite:\/\/server\.db names a host; write sqlite:PATH \(sqlite:\.\/data\/server\.db\) or sqlite:\/\/\/ABSOLUTE\/PATH$/],
    [['--database', ''], {}, /^--database is empty; give a SQLite file path/],
    [['--database', join('x', 'a.db'), '--db', join('x', 'b.db')], {}, /^--database and --db name two databases/],
  ] as const)('refuses %j at start, saying what to give', (args, env, message) => {
    const r = runCli(['--port', '0', ...args], env);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
  }, 60_000);
});
