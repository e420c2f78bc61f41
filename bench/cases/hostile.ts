/**
 * Hostile bodies against the shipped server (issue 15, item 3): for each body of a corpus, in both
 * formats (200,000 empty order lines, 100,000 unknown keys, deep nesting, 5 MB strings, a million
 * entity references, 10,000 bad lines, …), the server's own worst event-loop delay while it
 * processes the body (perf_hooks in the server process, reset before each body) and the latency
 * of /api/health requests sent every few milliseconds meanwhile.
 *
 * Results: `server.hostile.block`, the worst event-loop delay over the corpus, against the same
 * figure while the server answers a normal 200-line order (the baseline); target ≤ 50 ms, the
 * issue's bound. `server.hostile.health`, the worst health-check latency over the corpus, against
 * the health latency of an idle server. `server.hostile.answer`, the largest error answer, ≤ 64 KiB.
 * `server.hostile.stretchCpu`, the CPU time the server spent within its worst stretch: what its own
 * code held the loop for, apart from waiting for a core on a busy machine.
 */
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { askChild, loadAverageNote, startChild, stopChildren } from '../lib/http';
import { atMost, makeResult, noTarget, type BenchCase, type BenchResult } from '../lib/types';

const CHILD = fileURLToPath(new URL('./hostile.child.ts', import.meta.url));
const LIMIT = 5 * 1024 * 1024;
const J = 'application/json';
const X = 'text/xml';

interface Keys {
  api_key: string;
  session_key: string;
}

interface Body {
  name: string;
  body: Buffer;
  contentType: string;
  path?: string;
}

/** Fills most of the 5 MiB limit with `unit`. */
const fill = (unit: string, room = LIMIT - 4096) => unit.repeat(Math.floor(room / unit.length));

function corpus(k: Keys, orderId: number, productId: number): Body[] {
  const json = (m: string, rest: string) => `{"${m}":{"api_key":"${k.api_key}","session_key":"${k.session_key}"${rest}}}`;
  const xml = (m: string, inner: string) => `<command><${m}><api_key>${k.api_key}</api_key><session_key>${k.session_key}</session_key>${inner}</${m}></command>`;
  const head = `,"warehouse":"Default","shipping_aim":"Sale","method":"transfer","issued_date":"2026-11-22","contact_id":1,"currency":"HUF","selected_account":"x"`;
  const xhead = '<warehouse>Default</warehouse><shipping_aim>Sale</shipping_aim><method>transfer</method><issued_date>2026-11-22</issued_date><contact_id>1</contact_id><currency>HUF</currency><selected_account>x</selected_account>';
  const badLine = '{"product_id":"x","quantity":"y","unit":[],"custom_price":"z","discount":"w","description":{},"zz":1}';
  const xBadLine = '<item><product_id>x</product_id><quantity>y</quantity><unit><a/></unit><custom_price>z</custom_price><zz/></item>';
  const list: Array<[string, string, string, string?]> = [
    ['json 200k empty items', json('setOrder', `${head},"items":[${'{},'.repeat(200_000).slice(0, -1)}]`), J],
    ['json 5 MB of empty items', json('setOrder', `${head},"items":[${fill('{},').slice(0, -1)}]`), J],
    ['json 10k bad lines', json('setOrder', `${head},"items":[${Array(10_000).fill(badLine).join(',')}]`), J],
    ['json 10k lines, 1 bad', json('setOrder', `${head},"items":[${[...Array(9_999).fill(`{"product_id":${productId},"quantity":1}`), badLine].join(',')}]`), J],
    ['json 100k unknown keys', json('getProduct', `,"filter":"a",${Array.from({ length: 100_000 }, (_, i) => `"k${i}":1`).join(',')}`), J],
    ['json 1000 keys x 100 lines', json('setOrder', `${head},"items":[${Array(100).fill(`{${Array.from({ length: 1000 }, (_, i) => `"k${i}":1`).join(',')}}`).join(',')}]`), J],
    ['json 5 MB numbers', json('getProduct', `,"x":[${fill('1,').slice(0, -1)}]`), J],
    ['json 99k numbers of 50 digits', json('getProduct', `,"x":[${Array(99_000).fill('1'.repeat(50)).join(',')}]`), J],
    ['json 30 lines of 1000 keys', json('setOrder', `${head},"items":[${Array(30).fill(`{${Array.from({ length: 1000 }, (_, i) => `"k${i}":1`).join(',')}}`).join(',')}]`), J],
    ['json deep nesting', json('getProduct', `,"x":${fill('[')}`), J],
    ['json deep objects', json('getProduct', `,"x":${fill('{"a":')}`), J],
    ['json 5 MB string', json('getProduct', `,"filter":"${fill('x')}"`), J],
    ['json 5 MB escapes', json('getProduct', `,"filter":"${fill('\\u00e9')}"`), J],
    ['json 10k unknown products', json('setOrderItem', `,"order_id":${orderId},"products":[${Array.from({ length: 10_000 }, (_, i) => `{"product_id":${900_000 + i},"new_quantity":1}`).join(',')}]`), J],
    ['json 200k products', json('setOrderItem', `,"order_id":${orderId},"products":[${Array(150_000).fill('{"product_id":1}').join(',')}]`), J],
    ['json 1000 custom fields x 1 KB', json('setOrder', `${head},"items":[],"custom_fields":{${Array.from({ length: 1000 }, (_, i) => `"f${i}":"${'v'.repeat(1000)}"`).join(',')}}`), J],
    ['xml 200k empty items', xml('setOrder', `${xhead}<items>${'<item/>'.repeat(200_000)}</items>`), X],
    ['xml 5 MB of empty items', xml('setOrder', `${xhead}<items>${fill('<item/>')}</items>`), X],
    ['xml 10k bad lines', xml('setOrder', `${xhead}<items>${xBadLine.repeat(10_000)}</items>`), X],
    ['xml 100k unknown elements', xml('getProduct', `<filter>a</filter>${Array.from({ length: 100_000 }, (_, i) => `<k${i}/>`).join('')}`), X],
    ['xml 90k elements of 1 name', xml('getProduct', `<filter>a</filter>${'<k/>'.repeat(90_000)}`), X],
    ['xml deep nesting', xml('getProduct', fill('<a>')), X],
    ['xml 5 MB text', xml('getProduct', `<filter>${fill('x')}</filter>`), X],
    ['xml 1M entity refs', xml('getProduct', `<filter>${fill('&amp;')}</filter>`), X],
    ['xml 5 MB char refs', xml('getProduct', `<filter>${fill('&#233;')}</filter>`), X],
    ['xml 90k refs', xml('getProduct', `<filter>${'&#233;'.repeat(90_000)}</filter>`), X],
    ['xml 5 MB CDATA', xml('getProduct', `<filter><![CDATA[${fill('x')}]]></filter>`), X],
    ['xml 5 MB comments', xml('getProduct', `${fill('<!---->')}<filter>a</filter>`), X],
    ['xml 5 MB attributes', xml('getProduct', `<filter ${fill('a="b" ')}>a</filter>`), X],
    ['xml 5 MB whitespace', xml('getProduct', `<filter>a</filter>${fill(' ')}`), X],
    ['xml 5 MB "]]"', xml('getProduct', `<filter>${fill(']]')}</filter>`), X],
    ['xml long names', xml('getProduct', fill(`<${'n'.repeat(10_000)}/>`)), X],
    ['xml bare & at the end', xml('getProduct', `<filter>${fill('x')}&</filter>`), X],
    ['xml NUL at the end', xml('getProduct', `<filter>${fill('x')}\u0000</filter>`), X],
    ['xml 5 MB newlines, & at the end', xml('getProduct', `<filter>a</filter>${fill('\n')}<filter>&</filter>`), X],
    ['xml 5 MB whitespace after the root', `${xml('getProduct', '<filter>a</filter>')}${fill(' ')}`, X],
  ];
  return list.map(([name, body, contentType, path]) => ({ name, body: Buffer.from(body), contentType, path }));
}

async function post(url: string, body: Buffer | string, contentType: string): Promise<{ status: number; bytes: number }> {
  const r = await fetch(url, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers: { 'content-type': contentType } });
  const text = await r.arrayBuffer();
  return { status: r.status, bytes: text.byteLength };
}

/** One body: the server's worst event-loop delay and the worst /api/health latency while it is processed. */
async function measure(child: ChildProcess, base: string, b: Body | { name: string; body: string; contentType: string; path?: string }) {
  await askChild(child, { reset: true });
  let done = false;
  const sent = post(`${base}${b.path ?? '/api/product'}`, b.body, b.contentType).finally(() => (done = true));
  let health = 0;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health = Math.max(health, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const answer = await sent;
  await probe;
  const { maxMs, cpuMs, stretchCpuMs } = await askChild<{ maxMs: number; cpuMs: number; stretchCpuMs: number }>(child, { read: true });
  return { ...answer, blockMs: maxMs, healthMs: health, cpuMs, stretchCpuMs };
}

async function apiOk(base: string, path: string, method: string, keys: Keys, params: Record<string, unknown>): Promise<Record<string, unknown>> {
  const r = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify({ [method]: { ...keys, ...params } }), headers: { 'content-type': J } });
  const j = (await r.json()) as { status: string; result: Record<string, unknown>; error?: { message: string } };
  if (j.status !== 'success') throw new Error(`${method}: ${j.error?.message}`);
  return j.result;
}

export const serverHostile: BenchCase = {
  name: 'server.hostile',
  description: 'hostile bodies within the 5 MiB limit: worst event-loop block and /api/health latency on the shipped server',
  async run(ctx) {
    ctx.log('server.hostile: starting the server in a child process');
    const { child, info } = await startChild(CHILD, []);
    const base = info.url as string;
    const keys = info.keys as Keys;
    const account = info.account as { bankAccount: string; customerContactId: number; supplierContactId: number };
    try {
      const product = (await apiOk(base, '/api/product', 'setProduct', keys, { product_name: 'Bench termék', currency: 'HUF', vat: 27, unit: 'db', list_price: 100 })).id as number;
      await apiOk(base, '/api/product', 'setQuantity', keys, { product_id: product, quantity: 1_000_000, contact_id: account.supplierContactId, warehouse: 'Default' });
      const orderOf = (lines: number) => ({
        warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: '2026-11-22', selected_account: account.bankAccount,
        contact_id: account.customerContactId, currency: 'HUF', items: Array.from({ length: lines }, () => ({ product_id: product, quantity: 1 })),
      });
      const order = (await apiOk(base, '/api/product', 'setOrder', keys, orderOf(1))).order_id as number;

      // Baselines: an idle server's health latency, and a normal 200-line order's event-loop figure.
      const normal = JSON.stringify({ setOrder: { ...keys, ...orderOf(200) } });
      const baseRuns = [];
      for (let i = 0; i < 5; i++) baseRuns.push(await measure(child, base, { name: 'normal', body: normal, contentType: J }));
      const baseBlock = Math.max(...baseRuns.map((r) => r.blockMs));
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        await (await fetch(`${base}/api/health`)).arrayBuffer();
        idle.push(performance.now() - t0);
      }
      const idleHealth = Math.max(...idle.slice(5));

      const rows: Array<{ name: string; status: number; bytes: number; blockMs: number; healthMs: number; cpuMs: number; stretchCpuMs: number }> = [];
      for (const b of corpus(keys, order, product)) {
        // Twice: the worse of a cold and a warm run (the first large body of a kind also compiles code).
        const a = await measure(child, base, b);
        const c = await measure(child, base, b);
        const worst = { name: b.name, status: a.status, bytes: Math.max(a.bytes, c.bytes), blockMs: Math.max(a.blockMs, c.blockMs), healthMs: Math.max(a.healthMs, c.healthMs), cpuMs: Math.max(a.cpuMs, c.cpuMs), stretchCpuMs: Math.max(a.stretchCpuMs, c.stretchCpuMs) };
        rows.push(worst);
        ctx.log(`server.hostile: ${b.name.padEnd(32)} ${worst.status} ${String(worst.bytes).padStart(6)} B  block ${worst.blockMs.toFixed(1)} ms  health ${worst.healthMs.toFixed(1)} ms  server CPU ${worst.cpuMs.toFixed(1)} ms (${worst.stretchCpuMs.toFixed(1)} in one stretch)`);
      }
      const worstBlock = rows.reduce((w, r) => (r.blockMs > w.blockMs ? r : w));
      const worstHealth = rows.reduce((w, r) => (r.healthMs > w.healthMs ? r : w));
      const biggest = rows.reduce((w, r) => (r.bytes > w.bytes ? r : w));
      const table = rows.map((r) => `${r.name}: ${r.status}, ${r.bytes} B, block ${r.blockMs.toFixed(1)} ms, health ${r.healthMs.toFixed(1)} ms, CPU ${r.cpuMs.toFixed(1)} ms`).join('; ');
      const worstCpu = rows.reduce((w, r) => (r.cpuMs > w.cpuMs ? r : w));
      const worstStretch = rows.reduce((w, r) => (r.stretchCpuMs > w.stretchCpuMs ? r : w));
      const results: BenchResult[] = [
        makeResult({
          name: 'server.hostile.block', value: worstBlock.blockMs, unit: 'ms', baseline: baseBlock, baselineLabel: 'normal 200-line setOrder',
          notes: `worst: ${worstBlock.name}; ${rows.length} bodies, each twice; ${loadAverageNote()}. ${table}`,
        }, atMost(50, 'ms')),
        makeResult({
          name: 'server.hostile.health', value: worstHealth.healthMs, unit: 'ms', baseline: idleHealth, baselineLabel: 'idle server',
          notes: `worst: ${worstHealth.name}; health checked every 5 ms while each body was processed`,
        }, noTarget),
        makeResult({ name: 'server.hostile.answer', value: biggest.bytes, unit: 'B', notes: `largest: ${biggest.name}` }, atMost(64 * 1024, 'B')),
        makeResult({
          name: 'server.hostile.cpu', value: worstCpu.cpuMs, unit: 'ms', baseline: Math.max(...baseRuns.map((r) => r.cpuMs)), baselineLabel: 'normal 200-line setOrder',
          notes: `worst: ${worstCpu.name}; the server's whole CPU time for one body (with health checks), sliced as docs/api.md "Limits" says`,
        }, noTarget),
        makeResult({
          name: 'server.hostile.stretchCpu', value: worstStretch.stretchCpuMs, unit: 'ms', baseline: Math.max(...baseRuns.map((r) => r.stretchCpuMs)), baselineLabel: 'normal 200-line setOrder',
          notes: `worst: ${worstStretch.name}; the server's CPU time within its longest stretch of a held event loop: on a shared machine block also counts the time it waited for a core (${loadAverageNote()})`,
        }, noTarget),
      ];
      return results;
    } finally {
      stopChildren(child);
    }
  },
};
