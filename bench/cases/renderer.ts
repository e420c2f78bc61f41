/**
 * The screens in Debian's Chromium over the browser harness and the real core, with a mirror of
 * 100,000 products pulled from a local server (the core bench's server child):
 * - scan-to-line: from a scanner's Enter to the receipt line painted on the take-in screen, p50/p95
 *   over distinct products (target p95 ≤ 100 ms);
 * - the product list's first rows after a page load, against the same page over an empty mirror
 *   (ratio = cost of the 100,000 rows; target ratio ≤ 2).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { percentile } from '../lib/measure';
import { atMost, makeResult, ratioAtMost, type BenchCase, type BenchResult } from '../lib/types';
import { buildProductionRenderer, launchBrowser, scan, startStack, waitForMirror, type Stack } from '../../test/e2e/helpers';

const SERVER = fileURLToPath(new URL('./core-server.child.ts', import.meta.url));
const PRODUCTS = Number(process.env.BENCH_RENDERER_PRODUCTS ?? 100_000);
const SCANS = Number(process.env.BENCH_RENDERER_SCANS ?? 60);
const LOADS = 7;

interface ServerReady {
  url: string;
  keys: { api_key: string; session_key: string };
}

function ready(child: ChildProcess): Promise<ServerReady> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    child.once('exit', (code) => reject(new Error(`server child exited with ${code}`)));
  });
}

// Set before any script of the page runs: the moment the product list first shows rows (or says it has none).
const FIRST_ROWS = `(() => {
  const seen = () => document.querySelector('[data-testid="product-list"] [data-product-id]')
    || document.querySelector('[data-testid="product-list"][data-total="0"][aria-busy="false"]');
  new MutationObserver((_, obs) => {
    if (window.__firstRows === undefined && seen()) {
      window.__firstRows = performance.now();
      obs.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

/** Median over fresh page loads of /#/products: time from navigation start to the first rows. */
async function firstRows(page: Page, origin: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    await page.goto(`${origin}/#/take-in`);
    await page.goto(`${origin}/#/products`);
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __firstRows?: number }).__firstRows !== undefined, null, { timeout: 30_000 });
    times.push(await page.evaluate(() => (window as unknown as { __firstRows: number }).__firstRows));
  }
  return times;
}

// In the page: resolves with the time from the next Enter to the frame after the product's line is in the DOM.
// A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
const WAIT_LINE = `window.__waitLine = (id) => new Promise((resolve) => {
  let t0 = 0;
  const onEnter = (e) => { if (e.key === 'Enter') t0 = performance.now(); };
  window.addEventListener('keydown', onEnter, true);
  const selector = '[data-testid="takein-lines"] tr[data-product-id="' + id + '"]';
  // The moment React puts the row in the DOM, then the end of the first frame drawn after it:
  // a rAF callback runs just before that frame's style, layout and paint, and a message posted
  // from it is delivered once the frame is done. (Polling with rAF would see the row one frame late.)
  const painted = () => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      window.removeEventListener('keydown', onEnter, true);
      resolve(performance.now() - t0);
    };
    ch.port2.postMessage(0);
  });
  const seen = () => t0 && document.querySelector(selector);
  if (seen()) return painted();
  const obs = new MutationObserver(() => {
    if (seen()) {
      obs.disconnect();
      painted();
    }
  });
  obs.observe(document.body, { subtree: true, childList: true });
});`;

const SCAN_TIMEOUT_MS = 15_000;

/**
 * SCANS distinct products spread over the catalogue, each as the scan will find it: the seeded
 * catalogue repeats its EANs (it is written in slices of 10,000 numbered from 0 each), and a scan
 * adds whichever product `products.lookup` answers for the code, so that is the line to wait for.
 */
async function scanTargets(stack: Stack): Promise<Array<{ id: number; ean: string }>> {
  const out: Array<{ id: number; ean: string }> = [];
  const seen = new Set<number>();
  // Golden-ratio steps: spread over the whole catalogue, never the same offset twice.
  for (let k = 0; out.length < SCANS && k < SCANS * 4; k++) {
    const offset = Math.floor(((0.5 + k * 0.618_033_988_75) % 1) * PRODUCTS);
    const row = (await stack.invoke('products.search', { query: '', offset, limit: 1 })).rows[0];
    if (!row?.ean) continue;
    const found = await stack.invoke('products.lookup', { code: row.ean });
    if (!found || found.service || seen.has(found.id)) continue;
    seen.add(found.id);
    out.push({ id: found.id, ean: row.ean });
  }
  if (out.length < SCANS) throw new Error(`the catalogue has only ${out.length} distinct products to scan by EAN, ${SCANS} wanted`);
  return out;
}

/** Rejects with what `explain` says when `p` takes longer than `ms`: a missing line must fail the run, not hang it. */
async function withTimeout<T>(p: Promise<T>, ms: number, explain: () => Promise<string>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => void explain().then((m) => reject(new Error(m)), (e: unknown) => reject(e instanceof Error ? e : new Error(String(e)))), ms);
  });
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the take-in screen shows when a scan's line did not appear. */
async function describeTakeIn(page: Page, code: string, i: number): Promise<string> {
  const state = await page.evaluate(() => ({
    focused: document.activeElement ? `${document.activeElement.tagName}#${document.activeElement.id}` : 'none',
    scanField: (document.querySelector('[data-testid="scan-input"]') as HTMLInputElement | null)?.value ?? '(no scan field)',
    notice: document.querySelector('.notice')?.textContent ?? '',
    lines: document.querySelectorAll('[data-testid="takein-lines"] tbody tr').length,
  }));
  return `scan ${i + 1} (${code}): no line after ${SCAN_TIMEOUT_MS} ms; ${JSON.stringify(state)}`;
}

// In the page: the bare round trip of products.lookup through window.stockdesk (the part of a scan that is not the screen's).
const LOOKUP_MS = `(async (codes) => {
  const out = [];
  for (const code of codes) {
    const t0 = performance.now();
    await window.stockdesk.invoke('products.lookup', { code });
    out.push(performance.now() - t0);
  }
  return out;
})`;

/** Enter of each scan to the frame that shows its line. */
async function scanLatencies(page: Page, stack: Stack, log: (m: string) => void, lookups: number[]): Promise<number[]> {
  await page.evaluate(WAIT_LINE);
  await page.getByTestId('takein-warehouse').selectOption({ index: 1 });
  await page.getByTestId('scan-input').click();
  const samples: number[] = [];
  const targets = await scanTargets(stack);
  for (const [i, row] of targets.entries()) {
    // Armed and confirmed before the first key: the keys travel on another CDP session, and a busy
    // page could otherwise see the Enter before the listener that times it (the run then hung).
    await page.evaluate((id) => {
      const w = window as unknown as { __waitLine(id: number): Promise<number>; __line?: Promise<number> };
      w.__line = w.__waitLine(id);
    }, row.id);
    await scan(page, row.ean);
    const waiting = page.evaluate(() => (window as unknown as { __line: Promise<number> }).__line);
    // Awaited below; this only keeps a failure from being reported as unhandled meanwhile.
    waiting.catch(() => undefined);
    samples.push(await withTimeout(waiting, SCAN_TIMEOUT_MS, () => describeTakeIn(page, row.ean, i)));
    if ((i + 1) % 20 === 0) log(`renderer: ${i + 1}/${SCANS} scans`);
  }
  lookups.push(...(await page.evaluate(`${LOOKUP_MS}(${JSON.stringify(targets.map((x) => x.ean))})`)) as number[]);
  return samples;
}

export const rendererCase: BenchCase = {
  name: 'renderer',
  description: `screens in Chromium over the harness: scan-to-line and product list first render with ${PRODUCTS.toLocaleString('en-US')} products mirrored`,
  async run(ctx) {
    const server = fork(SERVER, [String(PRODUCTS)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const stacks: Stack[] = [];
    const browser = await launchBrowser();
    // What a clerk runs: the production bundle, whatever an earlier test run left in out/web.
    const renderer = await buildProductionRenderer();
    try {
      ctx.log(`renderer: seeding a server with ${PRODUCTS} products`);
      const s = await ready(server);
      const full = await startStack({ serverUrl: s.url, keys: { apiKey: s.keys.api_key, sessionKey: s.keys.session_key }, rendererDir: renderer.dir });
      stacks.push(full);
      ctx.log('renderer: the core pulls the catalogue');
      await waitForMirror(full, 180_000);
      const empty = await startStack({ rendererDir: renderer.dir });
      stacks.push(empty);

      const page = browser.page;
      await page.addInitScript(FIRST_ROWS);
      await page.goto(empty.harness.url);
      await page.getByTestId('sb-connection').waitFor();
      const emptyTimes = await firstRows(page, new URL(empty.harness.url).origin);

      await page.goto(full.harness.url);
      await page.getByTestId('sb-connection').waitFor();
      const fullTimes = await firstRows(page, new URL(full.harness.url).origin);

      await page.goto(`${new URL(full.harness.url).origin}/#/take-in`);
      ctx.log(`renderer: ${SCANS} scans on the take-in screen`);
      const lookups: number[] = [];
      const scans = await scanLatencies(page, full, ctx.log, lookups);
      ctx.log(`renderer: scans done, p50 ${percentile(scans, 50).toFixed(1)} ms`);
      if (browser.errors.length) throw new Error(`the page reported errors: ${browser.errors.join('; ')}`);

      const median = (xs: number[]) => percentile(xs, 50);
      const rows: BenchResult[] = [
        makeResult({ name: 'renderer.scanToLine.p95', value: percentile(scans, 95), unit: 'ms', notes: `p50 ${median(scans).toFixed(1)} ms, max ${Math.max(...scans).toFixed(1)} ms over ${SCANS} scans of distinct products; receipt grows to ${SCANS} lines; the bare products.lookup round trip from the page: p50 ${median(lookups).toFixed(1)} ms, p95 ${percentile(lookups, 95).toFixed(1)} ms` }, atMost(100, 'ms')),
        makeResult(
          { name: 'renderer.products.firstRows', value: median(fullTimes), unit: 'ms', baseline: median(emptyTimes), baselineLabel: 'same page, empty mirror', notes: `median of ${LOADS} page loads (navigation start → first rows painted into the DOM)` },
          ratioAtMost(2),
        ),
      ];
      return rows;
    } finally {
      // Each step on its own: a failed cleanup must not hide the error that got us here.
      await browser.close().catch((e: unknown) => ctx.log(`renderer: closing the browser: ${String(e)}`));
      for (const st of stacks) await st.close().catch((e: unknown) => ctx.log(`renderer: closing the harness: ${String(e)}`));
      if (server.connected) server.disconnect();
      renderer.remove();
    }
  },
};
