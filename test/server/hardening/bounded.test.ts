/**
 * Issue 15, item 3: error answers are bounded and no hostile body within the size limit holds the
 * server. Each body goes over real HTTP; the answer's size, its details and the event loop's worst
 * delay while it is processed are checked (the server runs in this process, so the test's own
 * delay monitor sees the server's event loop), then the database is checked unchanged and the
 * health check still answers at once. The precise ≤ 50 ms figure is the benchmark's
 * (bench/cases/hostile.ts); here the bound is loose enough for a busy test machine, and the code
 * before the fix missed it by ten times and more.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { storeChecksum } from '../../helpers/dbChecksum';
import { orderParams, product } from '../product/fixtures';

let s: TestServer;
let productId: number;
let orderId: number;
beforeAll(async () => {
  s = await startTestServer();
  productId = await product(s, { product_name: 'Korlát' });
  orderId = (await s.ok('setOrder', orderParams(s, [{ product_id: productId, quantity: 1 }]))).order_id;
});
afterAll(() => s.close());

const J = 'application/json';
const X = 'text/xml; charset=utf-8';
/** Worst event-loop delay allowed here; the code before the fix blocked for 0.7–3 s on these. */
const LOOSE_MS = 400;
/** Largest error answer allowed (the code before the fix answered up to 42 MB). */
const MAX_ANSWER = 64 * 1024;

interface Outcome {
  status: number;
  body: string;
  blockedMs: number;
  healthMs: number;
}

/** Posts `body` while probing the event loop and timing a health check sent alongside. */
async function hostile(body: string, contentType: string, path = '/api/product'): Promise<Outcome> {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const sent = s.raw(path, body, contentType);
  // The health check goes out once the big body is on its way, as another client's would.
  await new Promise((r) => setTimeout(r, 5));
  const t0 = performance.now();
  const health = s.raw('/api/health', '', undefined, 'GET').then(() => performance.now() - t0);
  const [r, healthMs] = await Promise.all([sent, health]);
  h.disable();
  return { status: r.status, body: r.body, blockedMs: h.max / 1e6, healthMs };
}

const jsonCmd = (method: string, inner: string) => `{"${method}":{"api_key":"${s.keys.api_key}","session_key":"${s.keys.session_key}"${inner}}}`;
const xmlCmd = (method: string, inner: string) =>
  `<command><${method}><api_key>${s.keys.api_key}</api_key><session_key>${s.keys.session_key}</session_key>${inner}</${method}></command>`;
const orderHead = `,"warehouse":"Default","shipping_aim":"Sale","method":"transfer","issued_date":"2026-11-22","contact_id":1,"currency":"HUF","selected_account":"x"`;

function errorOf(o: Outcome): { code: string; message: string; details: unknown[] } {
  if (o.body.startsWith('{')) return (JSON.parse(o.body) as { error: { code: string; message: string; details: unknown[] } }).error;
  return {
    code: /<code>([A-Z_]+)<\/code>/.exec(o.body)?.[1] ?? '',
    message: /<message>([^<]*)<\/message>/.exec(o.body)?.[1] ?? '',
    details: [...o.body.matchAll(/<detail>/g)],
  };
}

async function expectBounded(name: string, body: string, contentType: string, status: number, code: string, path?: string) {
  const before = await storeChecksum(s.app.store);
  const o = await hostile(body, contentType, path);
  const e = errorOf(o);
  expect(o.status, `${name}: ${o.body.slice(0, 200)}`).toBe(status);
  expect(e.code, name).toBe(code);
  expect(o.body.length, `${name} answer size`).toBeLessThan(MAX_ANSWER);
  expect(e.details.length, `${name} details`).toBeLessThanOrEqual(100);
  expect(o.blockedMs, `${name} blocked the event loop`).toBeLessThan(LOOSE_MS);
  expect(o.healthMs, `${name} delayed /api/health`).toBeLessThan(LOOSE_MS);
  expect(await storeChecksum(s.app.store), `${name} changed the database`).toBe(before);
  return e;
}

describe('hostile bodies get small answers and do not hold the server', () => {
  it('setOrder with 200,000 empty items (JSON, 600 KB; was 23.8 MB after 5.6 s)', async () => {
    await expectBounded('200k items json', jsonCmd('setOrder', `${orderHead},"items":[${'{},'.repeat(200_000).slice(0, -1)}]`), J, 400, 'MALFORMED_REQUEST');
  });

  it('setOrder with 200,000 empty items (XML; was 33.8 MB)', async () => {
    await expectBounded('200k items xml', xmlCmd('setOrder', `<items>${'<item/>'.repeat(200_000)}</items>`), X, 400, 'MALFORMED_REQUEST');
  });

  it('setOrder with 10,000 bad lines: validation stops after 100 problems and says so', async () => {
    const bad = '{"product_id":"x","quantity":"y","unit":[],"custom_price":"z","discount":"w"}';
    const e = await expectBounded('10k bad lines', jsonCmd('setOrder', `${orderHead},"items":[${Array(10_000).fill(bad).join(',')}]`), J, 400, 'VALIDATION_ERROR');
    expect(e.details).toHaveLength(100);
    expect(e.message).toMatch(/checking stopped after 100 problems/);
  });

  it('setOrder with 10,001 lines is refused by its length before any line is checked', async () => {
    const line = `{"product_id":${productId},"quantity":1}`;
    const e = await expectBounded('10001 lines', jsonCmd('setOrder', `${orderHead},"items":[${Array(10_001).fill(line).join(',')}]`), J, 400, 'VALIDATION_ERROR');
    expect(e.message).toMatch(/items has 10001 entries; a request may send at most 10000/);
  });

  it('setOrderItem with 200,000 products (was 42 MB) and with 10,000 unknown products', async () => {
    const p = (id: number) => `{"product_id":${id},"new_quantity":1}`;
    await expectBounded('200k products', jsonCmd('setOrderItem', `,"order_id":${orderId},"products":[${Array(200_000).fill('{"product_id":1}').join(',')}]`), J, 400, 'MALFORMED_REQUEST');
    const e = await expectBounded('10k unknown products', jsonCmd('setOrderItem', `,"order_id":${orderId},"products":[${Array.from({ length: 10_000 }, (_, i) => p(900_000 + i)).join(',')}]`), J, 404, 'NOT_FOUND');
    expect(e.details.length).toBeLessThanOrEqual(100);
  });

  it('100,000 unknown keys, in JSON and in XML (was 7.2 MB)', async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',');
    await expectBounded('100k keys json', jsonCmd('getProduct', `,"filter":"a",${keys}`), J, 400, 'VALIDATION_ERROR');
    const tags = Array.from({ length: 100_000 }, (_, i) => `<k${i}/>`).join('');
    await expectBounded('100k keys xml', xmlCmd('getProduct', `<filter>a</filter>${tags}`), X, 400, 'MALFORMED_REQUEST');
    // A handful of unknown fields is still listed one by one, as before.
    const few = await expectBounded('3 keys', jsonCmd('getProduct', `,"filter":"a","x1":1,"x2":2,"x3":3`), J, 400, 'VALIDATION_ERROR');
    expect(few.details).toHaveLength(3);
  });

  it('huge strings, many references and deep nesting near the 5 MiB limit', async () => {
    const fill = (unit: string) => unit.repeat(Math.floor((5 * 1024 * 1024 - 1000) / unit.length));
    await expectBounded('5 MB string json', jsonCmd('getProduct', `,"filter":"${fill('x')}"`), J, 400, 'VALIDATION_ERROR');
    // Refused by its length once 20,000 references are decoded, before the node budget runs out (longText.test.ts).
    const refs = await expectBounded('5 MB entities xml', xmlCmd('getProduct', `<filter>${fill('&amp;')}</filter>`), X, 400, 'VALIDATION_ERROR');
    expect(refs.message).toBe('filter is longer than 20000 characters; no field takes more than 10000.');
    await expectBounded('5 MB numbers json', jsonCmd('getProduct', `,"x":[${fill('1,').slice(0, -1)}]`), J, 400, 'MALFORMED_REQUEST');
    await expectBounded('deep xml', xmlCmd('getProduct', '<a>'.repeat(1_000_000)), X, 400, 'MALFORMED_REQUEST');
    await expectBounded('5 MB comments xml', xmlCmd('getProduct', `${fill('<!---->')}<filter>a</filter>`), X, 400, 'MALFORMED_REQUEST');
  });

  it('a normal command still succeeds afterwards', async () => {
    const r = await s.ok('getQuantity', { product_id: productId, warehouse: 'Default' });
    expect(r.quantities[0]?.product_id).toBe(productId);
  });
});
