/**
 * `admin migrate --from <SQLite file> --to postgres://…` through the real command line: a SQLite
 * server with real data (the demo's invoices, payments and opening stock, plus an order, its
 * purchase order taken in and a stored invoice PDF) is moved to PostgreSQL; a server there answers
 * the same reads, and its next invoice continues the number series. A second migrate into the same
 * database is refused; one interrupted part-way leaves the target empty; the file is never written.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaPath, decodeResponse, encodeRequest, METHODS, type MethodName } from '@shared/protocol';
import { openPostgres } from '@server/db/postgres';
import { addDays, businessDate } from '@server/services/finance/calendar';
import { DEMO_KEYS } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { runCli, startServerProcess, type ServerProcess } from '../../helpers/serverProcess';
import { until } from '../../helpers/wait';

const DEMO_ENV = { STOCKDESK_DEMO_API_KEY: DEMO_KEYS.api_key, STOCKDESK_DEMO_SESSION_KEY: DEMO_KEYS.session_key };
const HUF_ACCOUNT = '11773016-11111018-00000000';

let dir: string;
let file: string;
const databases: string[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-migrate-'));
  file = join(dir, 'server.db');
});
afterAll(async () => {
  for (const url of databases) await dropTestDatabase(url);
  rmSync(dir, { recursive: true, force: true });
});

async function database(): Promise<string> {
  const url = await createTestDatabase();
  databases.push(url);
  return url;
}

async function call(base: string, method: MethodName, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { body, contentType } = encodeRequest('json', method, params, DEMO_KEYS);
  const res = await fetch(base + areaPath(METHODS[method].area), { method: 'POST', body, headers: { 'content-type': contentType } });
  const out = decodeResponse('json', method, await res.text());
  if (!out.ok) throw new Error(`${method}: ${out.error.code} ${out.error.message}`);
  return out.result as Record<string, unknown>;
}

/** An answer without its server_time (the moment it was answered), which is all two servers' answers may differ in. */
async function read(base: string, method: MethodName, params: Record<string, unknown>) {
  const { server_time: _answeredAt, ...rest } = await call(base, method, params);
  return rest;
}

const today = () => businessDate(new Date());
const fileHash = () => createHash('sha256').update(readFileSync(file)).digest('hex');

/** What the desks read: stock, the catalog, documents and their PDF, contacts, purchase orders. */
async function reads(base: string, invoiceId: number) {
  const year = Number(today().slice(0, 4));
  const pdf = await read(base, 'generateInvoicePDF', { invoice_id: invoiceId });
  const attachment = await call(base, 'getAttachment', { attachment_id: pdf.attachment_id });
  return {
    quantities: await read(base, 'getQuantities', {}),
    products: await read(base, 'getProduct', { filter: '%' }),
    invoices: await read(base, 'getInvoices', { date_from: `${year - 1}-01-01`, date_to: `${year + 1}-12-31` }),
    invoice: await read(base, 'getInvoice', { invoice_id: invoiceId }),
    contacts: await read(base, 'getContacts', {}),
    banks: await read(base, 'getBankAccounts', {}),
    warehouses: await read(base, 'getWarehouses', {}),
    pos: await read(base, 'getPOs', {}),
    due: await read(base, 'getDueCustomers', {}),
    pdf: { ...pdf, bytes: createHash('sha256').update(Buffer.from(String(attachment.content), 'base64')).digest('hex') },
  };
}

async function stop(s: ServerProcess) {
  s.child.kill('SIGTERM');
  expect(await s.exited).toEqual({ code: 0, signal: null });
}

function newInvoice(contactId: number) {
  return {
    crdr: 'outgoing', method: 'transfer', issued_date: today(), payment_date: addDays(today(), 15), fulfillment_date: today(), selected_account: HUF_ACCOUNT,
    contact_id: contactId, currency: 'HUF', customer_vat_type: 'DOMESTIC', items: [{ name: 'Csavar M8', unit_price: 1000, unit: 'db', quantity: 3, vat: 27, discount: 0 }],
  };
}

const tables = (url: string) => withClient(url, async (c) => (await c.query<{ t: string }>("SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'stockdesk_schema'")).rows.map((r) => r.t));
async function rowsIn(url: string): Promise<number> {
  let n = 0;
  for (const t of await tables(url)) n += await withClient(url, async (c) => Number((await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${t}"`)).rows[0]!.n));
  return n;
}
async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe('admin migrate from a SQLite file to PostgreSQL', () => {
  let before: Awaited<ReturnType<typeof reads>>;
  let invoiceId: number;
  let contactId: number;
  let lastNumber: string;
  let target: string;

  it('copies a served SQLite file whole: same answers, ids kept, the number series continues without a gap', async () => {
    const lite = await startServerProcess(['--port', '0', '--database', file, '--demo'], DEMO_ENV);
    try {
      contactId = Number((await lite.line('demo')).contact_id);
      // An order whose shortfall is back-ordered from a supplier, that purchase order taken in.
      const product = ((await call(lite.url, 'getProduct', { filter: 'SD-1006' })).products as Array<{ id: number }>)[0]!;
      const order = await call(lite.url, 'setOrder', {
        warehouse: 'Győr Raktár', shipping_aim: 'Sale', method: 'transfer', issued_date: today(), selected_account: HUF_ACCOUNT,
        contact_id: contactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: [{ product_id: product.id, quantity: 100 }],
      });
      await call(lite.url, 'setPOTakeIn', { PO: (order.purchase_order as { po_id: number }).po_id });
      const issued = await call(lite.url, 'setInvoice', newInvoice(contactId));
      invoiceId = Number(issued.invoice_id);
      lastNumber = String(issued.invoice_number);
      before = await reads(lite.url, invoiceId);
      // The file is served: migrate refuses to copy what a server may still be changing.
      const busy = runCli(['admin', 'migrate', '--from', file, '--to', await database()]);
      expect(busy.status).toBe(1);
      expect(busy.stderr.trim()).toMatch(/^Another Stockdesk server is already serving .*server\.db\. Stop it first/);
    } finally {
      await stop(lite);
    }
    expect((before.invoices.invoices as unknown[]).length).toBeGreaterThan(10);

    const hash = fileHash();
    target = await database();
    const r = runCli(['admin', 'migrate', '--from', file, '--to', target]);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const summary = lines.at(-1)!;
    expect(summary).toMatchObject({ migrated: true, verified: true, from: file });
    const counts = summary.tables as Record<string, number>;
    for (const t of ['accounts', 'products', 'invoices', 'invoice_lines', 'invoice_counters', 'payments', 'stock_moves', 'stock_levels', 'orders', 'purchase_orders', 'attachments', 'api_keys']) {
      expect(counts[t], t).toBeGreaterThan(0);
    }
    // One progress line per table, as it was copied, with the same counts.
    expect(Object.fromEntries(lines.slice(0, -1).map((l) => [l.table, l.rows]))).toEqual(counts);
    expect(summary.rows).toBe(await rowsIn(target));
    expect(fileHash()).toBe(hash);

    const onPg = await startServerProcess(['--port', '0', '--database', target], {});
    try {
      expect(onPg.lines.find((l) => 'listening' in l)).toMatchObject({ engine: 'postgres' });
      const after = await reads(onPg.url, invoiceId);
      expect(after).toEqual(before);
      const next = await call(onPg.url, 'setInvoice', newInvoice(contactId));
      const [, prefix, seq] = /^(.*-)(\d+)$/.exec(lastNumber)!;
      expect(next.invoice_number).toBe(`${prefix}${String(Number(seq) + 1).padStart(seq!.length, '0')}`);
      expect(Number(next.invoice_id)).toBeGreaterThan(invoiceId);
      const product = await call(onPg.url, 'setProduct', { product_name: 'Új termék a költözés után', currency: 'HUF', vat: 27, unit: 'db' });
      expect(product.id).toEqual(expect.any(Number));
    } finally {
      await stop(onPg);
    }
  }, 300_000);

  it('refuses a second migrate into the same database, leaving it as it was', async () => {
    expect(target, 'the database the first test migrated into').toBeDefined();
    const rows = await rowsIn(target);
    const r = runCli(['admin', 'migrate', '--from', file, '--to', target]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^The target database is not empty \(rows in .*\); migrate copies into an empty database only, so that nothing is mixed or overwritten\. Create a new one \(createdb NAME\) and give its URL with --to\.$/);
    expect(await rowsIn(target)).toBe(rows);
  }, 120_000);

  it('leaves the target empty when interrupted part-way', async () => {
    const url = await database();
    await (await openPostgres({ url, poolSize: 1 })).close();
    // A table late in the copy is held by another session (SHARE: reads pass, the copy's ALTER TABLE waits): the copy stops there, after earlier tables were written.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE voucher_serials IN SHARE MODE');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'admin', 'migrate', '--from', file, '--to', url], {
        cwd: fileURLToPath(new URL('../../..', import.meta.url)), stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await until(`the copy to be under way (stdout: ${out}; stderr: ${err})`, () => out.includes('"table":"products"'), 60_000, 20);
      child.kill('SIGKILL');
      await exited;
    } finally {
      await holder.query('COMMIT');
      await holder.end();
    }
    expect(await rowsIn(url)).toBe(0);
    // And it can then be migrated for real.
    const r = runCli(['admin', 'migrate', '--from', file, '--to', url]);
    expect(r.status, r.stderr).toBe(0);
    expect(await rowsIn(url)).toBeGreaterThan(0);
  }, 180_000);

  it.each([
    ['no --to', () => ['--from', file], /^admin migrate needs --from \(the SQLite file\) and --to \(the PostgreSQL URL\)\./],
    ['a SQLite --to', () => ['--from', file, '--to', join(dir, 'other.db')], /^--to must be a postgres:\/\/ URL of an empty database; got .*other\.db$/],
    ['a missing file', () => ['--from', join(dir, 'nope.db'), '--to', 'postgres://stock:s3cret@127.0.0.1:1/x'], /^Cannot open .*nope\.db as a SQLite database \(.*\); give the server's file with --from\.$/],
    ['an older file', () => ['--from', olderFile(), '--to', 'postgres://stock:s3cret@127.0.0.1:1/x'], /^.*old\.db is at schema version 3, older than this Stockdesk's \d+: start this version's server on it once \(npm run server -- --database .*old\.db\), stop it, then migrate\.$/],
  ] as const)('refuses %s, saying what to give', (_what, args, message) => {
    const r = runCli(['admin', 'migrate', ...args()]);
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(message);
    expect(r.stderr).not.toContain('s3cret');
  }, 60_000);
});

/** A SQLite file left at schema version 3 by an older Stockdesk. */
function olderFile(): string {
  const path = join(dir, 'old.db');
  const db = new Database(path);
  db.pragma('user_version = 3');
  db.close();
  return path;
}
