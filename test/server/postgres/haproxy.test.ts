/**
 * Three server PROCESSES on one PostgreSQL database behind HAProxy in round-robin (issue 16, "a
 * multi-instance test"): many concurrent clients send mixed writes (stock moves, invoices) whose
 * request_ids are sent two or three times, so twins reach different instances at the same moment;
 * invoices are issued concurrently and wastings compete for the last units. Afterwards, through the
 * API on EVERY instance and through SQL: no request applied twice, invoice numbers gap-free and
 * unique per series and year, no stock below zero, and every instance reads the same.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { seededRandom } from '@main/core/random';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { startEntryProcess, type ServerProcess } from '../../helpers/serverProcess';
import { startHaproxy, type Haproxy } from '../../helpers/haproxy';
import { hufInvoice, item } from '../finance/fixtures';

const INSTANCES = 3;
const CLIENTS = 24;
const OPS = 300;

let url: string;
let check: PgStore;
let account: DemoAccount;
const instances: ServerProcess[] = [];
let proxy: Haproxy;
type Client = Pick<TestServer, 'call' | 'ok'>;
let lb: Client;
let direct: Client[];

beforeAll(async () => {
  url = await createTestDatabase();
  check = await openPostgres({ url, poolSize: 4, applicationName: 'stockdesk-test-check' });
  account = (await seedDemo(check, new TestClock(), DEMO_KEYS)).account;
  const env = { STOCKDESK_FIXTURE_PG_URL: url, STOCKDESK_FIXTURE_POOL: '6', STOCKDESK_FIXTURE_START: '2026-11-22T09:00:00.000Z' };
  instances.push(...(await Promise.all(Array.from({ length: INSTANCES }, () => startEntryProcess('test/helpers/pgInstance.entry.ts', [], env)))));
  proxy = await startHaproxy(instances.map((p) => p.url));
  lb = testClient(proxy.url);
  direct = instances.map((p) => testClient(p.url));
}, 60_000);

afterAll(async () => {
  await proxy?.stop();
  await Promise.all(instances.map(async (p) => {
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => void p.kill(), 10_000);
    await p.exited;
    clearTimeout(timer);
  }));
  await check?.close();
  if (url) await dropTestDatabase(url);
}, 60_000);

const supplier = () => account.supplierContactId;
const invoice = (over: Record<string, unknown> = {}) => hufInvoice({ account } as TestServer, over);

async function newProduct(name: string, qty: number): Promise<number> {
  const id = (await lb.ok('setProduct', { product_name: name, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000 })).id;
  if (qty > 0) await lb.ok('setQuantity', { product_id: id, quantity: qty, contact_id: supplier(), warehouse: 'Default' });
  return id;
}

/** Runs `jobs` on `n` concurrent workers, in order of the list. */
async function pool<T>(jobs: Array<() => Promise<T>>, n: number): Promise<T[]> {
  const out: T[] = new Array<T>(jobs.length);
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    for (let i = next++; i < jobs.length; i = next++) out[i] = await jobs[i]!();
  }));
  return out;
}

const ledger = async (productId: number) =>
  (await check.get<{ q: number }>('SELECT COALESCE(SUM(qty_milli), 0)::bigint AS q FROM stock_moves WHERE account_id = ? AND product_id = ?', [account.accountId, productId]))!.q;

describe('three server processes behind HAProxy on one PostgreSQL database', () => {
  it('HAProxy spreads requests over all three instances in turn', async () => {
    const served: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await fetch(`${proxy.url}/api/health`);
      await res.arrayBuffer();
      served.push(res.headers.get('x-served-by') ?? '?');
    }
    expect(new Set(served)).toEqual(new Set(['s0', 's1', 's2']));
  });

  it('mixed writes with request_ids sent up to three times apply once each; invoices stay gap-free; stock never below zero; every instance reads the same', async () => {
    const products: number[] = [];
    for (let i = 0; i < 6; i++) products.push(await newProduct(`Többpéldányos termék ${i}`, 20));
    const invoicesBefore = (await check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]))!.n;
    const rnd = seededRandom(16);
    type Op = { requestId: string; method: 'setQuantity' | 'setInvoice'; params: Record<string, unknown>; productId?: number; milli?: number };
    const ops: Op[] = [];
    for (let i = 0; i < OPS; i++) {
      const requestId = `mix-${i}`;
      if (rnd.next() < 0.7) {
        const productId = products[Math.floor(rnd.next() * products.length)]!;
        const quantity = [-7, -4, -2, -1, 1, 3, 5][Math.floor(rnd.next() * 7)]!;
        ops.push({ requestId, method: 'setQuantity', productId, milli: quantity * 1000, params: { product_id: productId, quantity, contact_id: supplier(), warehouse: 'Default', request_id: requestId } });
      } else {
        ops.push({ requestId, method: 'setInvoice', params: invoice({ request_id: requestId, items: [item({ quantity: 1 + (i % 9), unit_price: 100 + i })] }) });
      }
    }
    // Every op one to three times, shuffled: twins run on different workers, so on different instances at once.
    const sends: Op[] = [];
    for (const op of ops) for (let k = 0, copies = 1 + Math.floor(rnd.next() * 3); k < copies; k++) sends.push(op);
    for (let i = sends.length - 1; i > 0; i--) {
      const j = Math.floor(rnd.next() * (i + 1));
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
    type Answer = { ok: true; result: unknown } | { ok: false; error: { code: string; message: string } };
    const answers = new Map<string, Answer[]>();
    const started = Date.now();
    await pool(sends.map((op) => async () => {
      const r: Answer = await lb.call(op.method, op.params);
      answers.set(op.requestId, [...(answers.get(op.requestId) ?? []), r]);
    }), CLIENTS);
    const ms = Date.now() - started;
    // The storm did what it is for: twins, and wastings refused for want of stock.
    expect(sends.length).toBeGreaterThan(ops.length * 1.5);
    expect([...answers.values()].flat().filter((r) => !r.ok).length).toBeGreaterThan(0);
    console.log(`${sends.length} requests (${ops.length} distinct) on ${CLIENTS} clients through HAProxy in ${ms} ms`);

    // What the clients saw: every success of one request_id is the same answer; a refusal is only ever "not enough stock".
    const applied: Op[] = [];
    for (const op of ops) {
      const rs = answers.get(op.requestId)!;
      const oks = rs.filter((r) => r.ok);
      for (const r of rs) if (!r.ok) expect([op.method, r.error.code, r.error.message]).toEqual(['setQuantity', 'CONFLICT', expect.stringMatching(/is deliverable/)]);
      if (op.method === 'setInvoice') expect(oks.length).toBe(rs.length);
      for (const r of oks.slice(1)) expect(r.ok && r.result).toEqual(oks[0]!.ok && oks[0]!.result);
      if (oks.length > 0) applied.push(op);
    }

    // The server's own state: one stored answer per applied request_id, none for a refused one.
    const stored = await check.all<{ request_id: string }>("SELECT request_id FROM idempotency WHERE account_id = ? AND request_id LIKE 'mix-%' ORDER BY request_id", [account.accountId]);
    expect(stored.map((r) => r.request_id)).toEqual(applied.map((o) => o.requestId).sort());
    // Each applied stock move is in the ledger once: the ledger is the start plus exactly those moves.
    for (const p of products) {
      const expected = 20_000 + applied.filter((o) => o.productId === p).reduce((s, o) => s + o.milli!, 0);
      expect(await ledger(p)).toBe(expected);
    }
    const receipts = await check.get<{ n: number }>("SELECT count(*) AS n FROM stock_receipts r WHERE r.account_id = ? AND r.kind IN ('takein', 'wasting') AND EXISTS (SELECT 1 FROM stock_moves m WHERE m.receipt_id = r.id AND m.product_id = ANY(?::bigint[]))", [account.accountId, `{${products.join(',')}}`]);
    expect(receipts!.n).toBe(products.length + applied.filter((o) => o.method === 'setQuantity').length);
    // No level anywhere below zero.
    const negative = await check.all('SELECT product_id, warehouse_id, stock_label, qty_milli FROM stock_levels WHERE account_id = ? AND qty_milli < 0', [account.accountId]);
    expect(negative).toEqual([]);
    // One invoice per applied setInvoice request_id; numbers gap-free and unique in every series and year.
    const invoicesAfter = (await check.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [account.accountId]))!.n;
    expect(invoicesAfter - invoicesBefore).toBe(applied.filter((o) => o.method === 'setInvoice').length);
    const series = await check.all<{ series: string; year: number; n: number; distinct_seq: number; max_seq: number; distinct_numbers: number; last_seq: number | null }>(`
      SELECT i.series, i.year, count(*) AS n, count(DISTINCT i.seq) AS distinct_seq, max(i.seq) AS max_seq, count(DISTINCT i.invoice_number) AS distinct_numbers,
             (SELECT c.last_seq FROM invoice_counters c WHERE c.account_id = i.account_id AND c.series = i.series AND c.year = i.year) AS last_seq
      FROM invoices i WHERE i.account_id = ? GROUP BY i.account_id, i.series, i.year`, [account.accountId]);
    expect(series.length).toBeGreaterThan(0);
    for (const s of series) expect(s).toEqual({ ...s, distinct_seq: s.n, max_seq: s.n, distinct_numbers: s.n, last_seq: s.n });

    // Every instance, asked directly, reads the same quantities and the same invoice list, matching the ledger.
    const reads = await Promise.all(direct.map(async (c) => ({
      quantities: (await c.ok('getQuantities', { product_ids: products })).stock,
      invoices: (await c.ok('getInvoices', { date_from: '2026-11-01', date_to: '2026-11-30' })).invoices,
    })));
    for (const r of reads.slice(1)) expect(r).toEqual(reads[0]);
    for (const p of products) {
      const row = reads[0]!.quantities.find((q) => q.product_id === p && q.warehouse === 'Default');
      expect(Math.round((row?.deliverable ?? 0) * 1000)).toBe(await ledger(p));
    }
    const issued = ops.filter((o) => o.method === 'setInvoice').map((o) => answers.get(o.requestId)!.find((r) => r.ok)!).map((r) => (r.ok ? (r.result as { invoice_number: string }).invoice_number : ''));
    const listed = new Set(reads[0]!.invoices.map((i) => i.invoice_number));
    for (const n of issued) expect(listed.has(n)).toBe(true);
  }, 120_000);

  it('40 wastings of 1, each sent twice, against 12 on hand: exactly 12 apply, the rest are refused, stock ends at 0', async () => {
    const productId = await newProduct('Utolsó darabok', 12);
    const sends = Array.from({ length: 40 }, (_, i) => `last-${i}`).flatMap((id) => [id, id]);
    const results = await pool(sends.map((request_id) => () => lb.call('setQuantity', { product_id: productId, quantity: -1, contact_id: supplier(), warehouse: 'Default', request_id })), CLIENTS);
    const okIds = new Set(sends.filter((_, i) => results[i]!.ok));
    expect(okIds.size).toBe(12);
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('CONFLICT');
    expect(await ledger(productId)).toBe(0);
    const stored = await check.get<{ n: number }>("SELECT count(*) AS n FROM idempotency WHERE account_id = ? AND request_id LIKE 'last-%'", [account.accountId]);
    expect(stored!.n).toBe(12);
    const reads = await Promise.all(direct.map((c) => c.ok('getQuantity', { product_id: productId, warehouse: 'Default' })));
    for (const r of reads) expect(r.quantities.find((q) => q.warehouse === 'Default')?.deliverable).toBe(0);
  }, 60_000);

  it('a write answered by one instance is read at once by each of the others', async () => {
    const productId = await newProduct('Azonnal látszó', 0);
    let expected = 0;
    for (let i = 0; i < 15; i++) {
      const writer = direct[i % INSTANCES]!;
      const q = i % 4 === 3 ? -1 : 2;
      expected += q;
      await writer.ok('setQuantity', { product_id: productId, quantity: q, contact_id: supplier(), warehouse: 'Default', request_id: `seen-${i}` });
      for (const reader of direct.filter((c) => c !== writer)) {
        const r = await reader.ok('getQuantity', { product_id: productId, warehouse: 'Default' });
        expect(r.quantities.find((x) => x.warehouse === 'Default')?.deliverable).toBe(expected);
      }
    }
  }, 60_000);

  // Last: it stops one of the three instances.
  it('an instance stopped with SIGTERM under load finishes what it took in and exits 0; resent with their request_ids, every write applies once', async () => {
    const productId = await newProduct('Leállított példány', 0);
    const victim = instances[2]!;
    const WRITES = 150;
    const resent: string[] = [];
    const send = async (i: number) => {
      if (i === 40) victim.child.kill('SIGTERM');
      const params = { product_id: productId, quantity: 1, contact_id: supplier(), warehouse: 'Default', request_id: `drain-${i}` };
      // As a desk does: an answer that is no verdict (503 from the draining instance, a balancer's own
      // error page while it notices, a lost connection: status 0 here) is sent again, with the same request_id.
      for (let attempt = 0; ; attempt++) {
        const r = await lb.call('setQuantity', params).catch((e: unknown) => ({ ok: false as const, status: 0, error: { code: 'TRANSPORT', message: String(e) } }));
        if (r.ok || (r.status !== 0 && r.status < 500) || attempt >= 30) return r;
        resent.push(`${r.status} ${r.error.code} ${r.error.message.slice(0, 80)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const results = await pool(Array.from({ length: WRITES }, (_, i) => () => send(i)), 12);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(await victim.exited).toEqual({ code: 0, signal: null });
    expect(victim.lines.some((l) => 'stopped' in l)).toBe(true);
    console.log(`drain: ${WRITES} writes, ${resent.length} sent again while instance 2 stopped${resent.length ? `: ${[...new Set(resent)].join('; ')}` : ''}`);
    expect(await ledger(productId)).toBe(WRITES * 1000);
    const stored = await check.get<{ n: number }>("SELECT count(*) AS n FROM idempotency WHERE account_id = ? AND request_id LIKE 'drain-%'", [account.accountId]);
    expect(stored!.n).toBe(WRITES);
    const [q0, q1] = await Promise.all(direct.slice(0, 2).map((c) => c.ok('getQuantity', { product_id: productId, warehouse: 'Default' })));
    expect(q1).toEqual(q0);
  }, 60_000);
});
