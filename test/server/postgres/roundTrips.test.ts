/**
 * Statements per request on PostgreSQL (issue 16, speed): on loopback a request's cost is mostly
 * its round trips, so getQuantity and setQuantity send few statements — and still answer what the
 * database holds, refuse what they refused before, and write nothing when they refuse.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { insertProduct } from '@server/repos/products';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { socketWrites } from '../../helpers/pgWrites';

let url: string;
let store: PgStore;
let check: PgStore;
let app: App;
let account: DemoAccount;
let api: Pick<TestServer, 'call' | 'ok'>;
let productId: number;

// Every query any pg client of this test process sends, while `counting`.
const sent: string[] = [];
let counting = false;
const original = pg.Client.prototype.query;

beforeAll(async () => {
  url = await createTestDatabase();
  const clock = new TestClock();
  store = await openPostgres({ url, poolSize: 4, applicationName: 'stockdesk-rt' });
  check = await openPostgres({ url, poolSize: 1, applicationName: 'stockdesk-rt-check' });
  account = (await seedDemo(store, clock, DEMO_KEYS)).account;
  productId = await store.transaction((tx) => insertProduct(tx, account.accountId, {
    name: 'Csavar', action: 0, listPrice: '100', currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [],
  }, clock.now()));
  app = await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0 } });
  api = testClient(app.url);
  // Statements outside a transaction go on a lane (db/postgres/lanes.ts), connected at its first use:
  // here, so that no request below pays for a connection's start-up.
  await store.get('SELECT 1 AS one');
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      const q = args[0] as string | { text: string };
      sent.push(typeof q === 'string' ? q : q.text);
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  // The server's own start-up work (the mail worker's first look at the queue) must not be counted
  // as a request's: wait until nothing was sent for a while (without SMTP the worker then sleeps).
  counting = true;
  for (let seen = -1; seen !== sent.length; ) {
    seen = sent.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  counting = false;
}, 60_000);

afterAll(async () => {
  pg.Client.prototype.query = original;
  await app?.close();
  await store?.close();
  await check?.close();
  if (url) await dropTestDatabase(url);
});

/**
 * The statements one call sends and the writes that carry them to the database (the check store is
 * not used meanwhile). The keys of an instance that served them before are checked in the same write
 * as the request's first statement (services/keysAhead.ts): one statement more than writes.
 */
async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[]; writes: number }> {
  sent.length = 0;
  counting = true;
  try {
    const { result, writes } = await socketWrites(url, fn);
    return { result, statements: [...sent], writes };
  } finally {
    counting = false;
  }
}

const level = async (label = '') =>
  (await check.get<{ q: number }>(
    "SELECT COALESCE(SUM(l.qty_milli)::bigint, 0) AS q FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id WHERE l.account_id = ? AND l.product_id = ? AND w.name = 'Default' AND l.stock_label = ?",
    [account.accountId, productId, label],
  ))!.q;

describe('round trips per request on PostgreSQL', () => {
  // The stamp bound every write announces (repos/changeCursor.ts) is the price of pulls that never skip a late commit;
  // the audit line (issue 19) is the price of an append-only trail written in the write's own transaction.
  // BEGIN and the stamp bound go as one text (the bound's two numbers are the server's own).
  it('checks the keys of a session it has not served before first: one write more', async () => {
    const { statements, writes } = await counted(() => api.ok('getQuantity', { product_id: productId, warehouse: 'default' }));
    expect(statements.length, statements.join('\n')).toBe(2);
    expect(writes).toBe(2);
  });

  it('takes in with setQuantity in 7 statements and 5 writes (keys with BEGIN and the stamp bound, references with the lock, levels, receipt with its move, audit line with COMMIT)', async () => {
    const before = await level('A-01');
    const { result, statements, writes } = await counted(() => api.ok('setQuantity', { product_id: productId, quantity: 5, warehouse: 'Default', stock_label: 'A-01', contact_id: account.supplierContactId }));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(7);
    expect(writes).toBeLessThanOrEqual(5);
    // One audit line, inside the transaction: after BEGIN, before COMMIT.
    const audit = statements.flatMap((q, i) => (q.includes('INSERT INTO audit_log') ? [i] : []));
    expect(audit).toHaveLength(1);
    const begin = statements.findIndex((q) => q.startsWith('BEGIN'));
    expect(begin).toBeGreaterThanOrEqual(0);
    expect(audit[0]!).toBeGreaterThan(begin);
    expect(audit[0]!).toBeLessThan(statements.lastIndexOf('COMMIT'));
    expect(statements.filter((q) => q.includes('pg_advisory_xact_lock_shared'))).toEqual([statements[begin]]);
    expect(await check.get<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE account_id = ? AND summary LIKE ?', [account.accountId, `%(takein receipt ${result.receipt_id})`])).toEqual({ n: 1 });
    expect(result.quantities[0]).toMatchObject({ product_id: productId, warehouse: 'Default', stock_label: 'A-01', deliverable: before / 1000 + 5 });
    expect(await level('A-01')).toBe(before + 5000);
    const receipt = await check.get<{ kind: string; contact_id: number; moves: number }>(
      'SELECT r.kind, r.contact_id, (SELECT count(*) FROM stock_moves m WHERE m.receipt_id = r.id AND m.line = 1) AS moves FROM stock_receipts r WHERE r.id = ?', [result.receipt_id],
    );
    expect(receipt).toEqual({ kind: 'takein', contact_id: account.supplierContactId, moves: 1 });
  });

  it('with a request_id, writes the audit line in the stored answer\'s statement: 10 statements in 8 writes (keys with the stored answer?, BEGIN with the stamp bound, claim, twin, references, levels, receipt, answer with audit line and COMMIT), the line once', async () => {
    const requestId = `rt-${Date.now()}`;
    const params = { product_id: productId, quantity: 2, warehouse: 'Default', stock_label: 'A-01', contact_id: account.supplierContactId, request_id: requestId };
    const { result, statements, writes } = await counted(() => api.ok('setQuantity', params));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(10);
    expect(writes).toBeLessThanOrEqual(8);
    const audit = statements.flatMap((q, i) => (q.includes('INSERT INTO audit_log') ? [i] : []));
    expect(audit).toHaveLength(1);
    expect(statements[audit[0]!]).toContain('INSERT INTO idempotency');
    expect(audit[0]!).toBeGreaterThan(statements.findIndex((q) => q.startsWith('BEGIN')));
    expect(audit[0]!).toBeLessThan(statements.lastIndexOf('COMMIT'));
    const lines = () => check.all<{ method: string; summary: string }>('SELECT method, summary FROM audit_log WHERE account_id = ? AND request_id = ?', [account.accountId, requestId]);
    expect(await lines()).toEqual([{ method: 'setQuantity', summary: `setQuantity product ${productId} Default/A-01 +2 (takein receipt ${result.receipt_id})` }]);
    // The replay answers the stored response and writes no second line.
    expect(await api.ok('setQuantity', params)).toEqual(result);
    expect(await lines()).toHaveLength(1);
  });

  it('answers getQuantity of a named warehouse in 2 statements and 1 write (keys, with product, warehouse and stock together)', async () => {
    const { result, statements, writes } = await counted(() => api.ok('getQuantity', { product_id: productId, warehouse: 'default' }));
    expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(2);
    expect(writes).toBe(1);
    expect(result.quantities).toEqual([{ product_id: productId, warehouse: 'Default', deliverable: (await level('A-01')) / 1000, pending: 0, available: (await level('A-01')) / 1000 }]);
  });

  it('still refuses an unknown product, warehouse or contact and a wasting beyond the stock, writing nothing', async () => {
    const receipts = async () => (await check.get<{ n: number }>('SELECT count(*) AS n FROM stock_receipts WHERE account_id = ?', [account.accountId]))!.n;
    const before = await receipts();
    const missingProduct = await api.call('setQuantity', { product_id: 999_999, quantity: 1, warehouse: 'Default', contact_id: account.supplierContactId });
    expect(!missingProduct.ok && missingProduct.error).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'product_id' }] });
    const missingWarehouse = await api.call('setQuantity', { product_id: productId, quantity: 1, warehouse: 'Nowhere', contact_id: account.supplierContactId });
    expect(!missingWarehouse.ok && missingWarehouse.error).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'warehouse' }] });
    const missingContact = await api.call('setQuantity', { product_id: productId, quantity: 1, warehouse: 'Default', contact_id: 999_999 });
    expect(!missingContact.ok && missingContact.error).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'contact_id' }] });
    const tooMuch = await api.call('setQuantity', { product_id: productId, quantity: -1000, warehouse: 'Default', stock_label: 'A-01', contact_id: account.supplierContactId });
    expect(!tooMuch.ok && tooMuch.error).toMatchObject({ code: 'CONFLICT' });
    const unknownForRead = await api.call('getQuantity', { product_id: productId, warehouse: 'Nowhere' });
    expect(!unknownForRead.ok && unknownForRead.error).toMatchObject({ code: 'NOT_FOUND', details: [{ field: 'warehouse' }] });
    expect(await receipts()).toBe(before);
  });
});
