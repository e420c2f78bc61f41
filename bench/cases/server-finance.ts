/**
 * The finance area over real HTTP, servers in child processes:
 * - setInvoice with 20 lines: requests/second with autocannon against a bare node:http server
 *   answering the same response body (the ratio is what issuing an invoice costs on top of HTTP);
 * - generateInvoicePDF of a 500-line invoice: wall time per call, target ≤ 1 s;
 * - getDueCustomers over 50,000 invoices: wall time per call, target ≤ 200 ms.
 */
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { percentile } from '../lib/measure';
import { atMost, makeResult, noTarget, type BenchCase, type BenchContext, type BenchResult } from '../lib/types';
import { askChild, autocannon, childCpuMs, cpuPerRequest, loadAverageNote, startChild, stopChildren, type CannonResult } from '../lib/http';


const CHILD = fileURLToPath(new URL('./server-finance.child.ts', import.meta.url));
const INVOICES = Number(process.env.BENCH_INVOICES ?? 50_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 8;
const JSON_TYPE = { 'content-type': 'application/json' };

interface Keys {
  api_key: string;
  session_key: string;
}

async function post(url: string, body: string): Promise<{ text: string; ms: number }> {
  const t = process.hrtime.bigint();
  const res = await fetch(`${url}/api/finance`, { method: 'POST', body, headers: JSON_TYPE });
  const text = await res.text();
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (res.status !== 200) throw new Error(`request failed: ${res.status} ${text.slice(0, 300)}`);
  return { text, ms };
}

async function load(url: string, body: string): Promise<CannonResult> {
  const r = await autocannon({ url: `${url}/api/finance`, method: 'POST', body, headers: JSON_TYPE, connections: CONNECTIONS, duration: SECONDS });
  if (r.errors || r.non2xx) throw new Error(`${r.errors} errors and ${r.non2xx} non-2xx answers under load`);
  return r;
}

/**
 * Sequential wall times of one call after a warm-up call, and the server's CPU time per call: on a
 * shared, busy machine the CPU time says what the work costs, the wall time what a caller waited.
 */
async function timed(server: ChildProcess, url: string, body: string, runs: number): Promise<{ p50: number; max: number; cpu: number; bytes: number }> {
  const first = await post(url, body);
  const ms: number[] = [];
  const before = await childCpuMs(server);
  for (let i = 0; i < runs; i++) ms.push((await post(url, body)).ms);
  const cpu = ((await childCpuMs(server)) - before) / runs;
  return { p50: percentile(ms, 50), max: Math.max(...ms), cpu, bytes: first.text.length };
}

function invoiceBody(keys: Keys, lines: number, contactId: number): string {
  const rates = [27, 18, 5, 0];
  const items = Array.from({ length: lines }, (_, i) => ({
    name: `Tétel ${i + 1}: ütvefúró, őszi akció`, unit_price: 1000 + ((i * 137) % 9000) + (i % 3) * 0.5, unit: 'db', quantity: 1 + (i % 7),
    vat: rates[i % 4], discount: i % 5 === 0 ? 10 : 0, description: i % 4 === 0 ? 'Raktárról, azonnal' : undefined,
  }));
  const today = new Date().toISOString().slice(0, 10);
  return JSON.stringify({
    setInvoice: {
      ...keys, crdr: 'outgoing', method: 'transfer', issued_date: today, payment_date: today, fulfillment_date: today,
      selected_account: '11773016-11111018-00000000', contact_id: contactId, currency: 'EUR', fx_rate: 395.12, customer_vat_type: 'DOMESTIC', items,
    },
  });
}


export const serverFinance: BenchCase = {
  name: 'server.finance',
  description: `setInvoice (20 lines) vs bare node:http, generateInvoicePDF (500 lines), getDueCustomers over ${INVOICES.toLocaleString('en-US')} invoices`,
  async run(ctx: BenchContext) {
    ctx.log(`server.finance: seeding ${INVOICES} invoices in a child process`);
    const api = await startChild(CHILD, ['api', String(INVOICES)]);
    const bare = await startChild(CHILD, ['bare']);
    const url = api.info.url as string;
    const keys = api.info.keys as Keys;
    const contactId = (api.info.account as { customerContactId: number }).customerContactId;
    const results: BenchResult[] = [];
    try {
      ctx.log(`server.finance: seeded in ${String(api.info.seedMs)} ms; getDueCustomers`);
      const dues = await timed(api.child, url, JSON.stringify({ getDueCustomers: { ...keys } }), 10);
      results.push(makeResult({
        name: 'server.finance.getDueCustomers', value: dues.p50, unit: 'ms', baseline: null,
        notes: `${INVOICES} invoices (60 % open) across 500 customers, over HTTP, median of 10 (max ${dues.max.toFixed(0)} ms), server CPU ${dues.cpu.toFixed(0)} ms per call; ${(dues.bytes / 1e6).toFixed(1)} MB answer; ${loadAverageNote()}`,
      }, atMost(200, 'ms')));

      ctx.log('server.finance: generateInvoicePDF, 500 lines');
      const big = JSON.parse((await post(url, invoiceBody(keys, 500, contactId))).text) as { result: { invoice_id: number } };
      const pdf = await timed(api.child, url, JSON.stringify({ generateInvoicePDF: { ...keys, invoice_id: big.result.invoice_id } }), 5);
      results.push(makeResult({
        name: 'server.finance.generateInvoicePDF.500', value: pdf.p50, unit: 'ms', baseline: null,
        notes: `500-line EUR invoice with HUF figures, over HTTP incl. storing the attachment, median of 5 (max ${pdf.max.toFixed(0)} ms), server CPU ${pdf.cpu.toFixed(0)} ms per call; ${(pdf.bytes / 1e6).toFixed(2)} MB answer; ${loadAverageNote()}`,
      }, atMost(1000, 'ms')));

      ctx.log('server.finance: setInvoice, 20 lines, bare baseline');
      const body = invoiceBody(keys, 20, contactId);
      const response = (await post(url, body)).text;
      await askChild(bare.child, { body: response });
      const base = await cpuPerRequest(bare.child, () => load(`${bare.info.url as string}`, body));
      ctx.log('server.finance: setInvoice, 20 lines, Command API');
      const real = await cpuPerRequest(api.child, () => load(url, body));
      results.push(makeResult({
        name: 'server.finance.setInvoice.20', value: real.r.requests.average, unit: 'req/s', baseline: base.r.requests.average, baselineLabel: 'bare node:http',
        notes: `${CONNECTIONS} connections, ${SECONDS} s, each request issues a numbered invoice; p50 ${real.r.latency.p50} ms, p99 ${real.r.latency.p99} ms; server CPU ${real.us.toFixed(0)} µs/request (bare ${base.us.toFixed(0)}); ${loadAverageNote()}`,
      }, noTarget));
    } finally {
      stopChildren(api.child, bare.child);
    }
    return results;
  },
};
