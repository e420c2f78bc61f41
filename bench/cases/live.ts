/**
 * live.propagation (issue 17): desk A's confirmed write → desk B's mirror, over 200 varied changes
 * (take-ins, wastings, take-ins into bins on 40 products) on a SQLite server in its own process; desk B is
 * the real desktop core with its change feed open, A a plain API client (its write is confirmed when
 * the answer arrives). Then 200 idle subscribed desks: the server's memory and CPU per desk, and
 * setQuantity throughput with and without them in alternating rounds (target: at most 10 % lower).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Credentials } from '@shared/protocol';
import { createCore } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { ApiClient } from '@main/core/api/client';
import { loadAverageNote, startChild } from '../lib/http';
import { atMost, makeResult, noTarget, ratioAtLeast, type BenchCase, type BenchResult } from '../lib/types';

const SERVER = fileURLToPath(new URL('./live-server.child.ts', import.meta.url));
const IDLE_DESKS = fileURLToPath(new URL('./live-idle.child.ts', import.meta.url));
const CHANGES = 200;
const IDLE = 200;
/** Throughput rounds without and with the idle subscribers. */
const ROUNDS = 6;

interface Started { url: string; keys: Credentials; supplier: number; ids: number[] }
interface Usage { rss: number; heap: number; cpuMs: number }

/** The child's next message; its exit meanwhile is a failure (the listener goes with the answer). */
function next<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`bench child exited with ${code}`));
    child.once('exit', exited);
    child.once('message', (m) => {
      child.off('exit', exited);
      resolve(m as T);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function until(fn: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms`);
    await sleep(1);
  }
}

/** setQuantity ops/s with 8 writers for `ms`, and how many were made. */
async function throughput(api: ApiClient, s: Started, ms: number): Promise<{ rate: number; n: number }> {
  let n = 0;
  const end = Date.now() + ms;
  await Promise.all(Array.from({ length: 8 }, async (_, w) => {
    while (Date.now() < end) {
      const o = await api.call('setQuantity', { product_id: s.ids[w % s.ids.length]!, quantity: 1, contact_id: s.supplier, warehouse: 'Default' });
      if (o.kind !== 'ok') throw new Error(`setQuantity failed: ${o.message}`);
      n++;
    }
  }));
  return { rate: n / (ms / 1000), n };
}

export const liveCase: BenchCase = {
  name: 'live.propagation',
  description: `live desks: desk A's write to desk B's mirror over ${CHANGES} changes; ${IDLE} idle subscribers' cost`,
  async run(ctx) {
    // The server runs bundled, as it ships (bench/lib/http.ts), in a process of its own.
    const { child: server, info } = await startChild(SERVER, [], ['--expose-gc']);
    const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-live-desk-'));
    const idle = fork(IDLE_DESKS, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    // The idle desks stand for desks on machines of their own: on this one they run at the lowest CPU
    // priority, so that reading 200 streams takes the time the server leaves rather than the server's.
    // The server still writes every announcement to every stream; its CPU per write is reported beside.
    setPriority(idle.pid!, 19);
    try {
      const s = info as unknown as Started;
      const a = new ApiClient({ baseUrl: s.url, format: 'json', apiKey: s.keys.api_key, sessionKey: s.keys.session_key, fetch: (u, i) => fetch(u, i), timeoutMs: 10_000 });
      const b = createCore({ dataDir: dir, credentialStore: memoryCredentialStore(), engine: { pullIntervalMs: 3_600_000 } });
      await b.start();
      try {
        await b.invoke('settings.update', { serverUrl: s.url, format: 'json' });
        await b.invoke('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: s.keys.session_key });
        await until(() => b.engine.liveState() === 'live' && b.engine.status().mirrored, 30_000);
        ctx.log('live.propagation: desk B live; 200 changes from desk A');
        const times: number[] = [];
        const detail = async (id: number) => ((await b.invoke('products.get', { id })) as { ok: true; result: { deliverable: number } }).result;
        for (let i = 0; i < CHANGES; i++) {
          const id = s.ids[(i * 7) % s.ids.length]!;
          const before = await detail(id);
          const kind = i % 3;
          const delta = [2, -1, 3][kind]!;
          const o = await a.call('setQuantity', { product_id: id, quantity: delta, contact_id: s.supplier, warehouse: 'Default', ...(kind === 2 ? { stock_label: `P-${i % 5}` } : {}) });
          if (o.kind !== 'ok') throw new Error(`desk A's write failed: ${o.message}`);
          const confirmed = performance.now();
          const expect = (d: typeof before) => d.deliverable === before.deliverable + delta;
          await until(async () => expect(await detail(id)), 5_000);
          times.push(performance.now() - confirmed);
        }
        const results: BenchResult[] = [
          makeResult({ name: 'live.propagation.p50', value: pct(times, 50), unit: 'ms', notes: `SQLite; ${CHANGES} changes (take-in, wasting, take-in into a bin), confirmed write at A → B's mirror` }, atMost(1000, 'ms')),
          makeResult({ name: 'live.propagation.p95', value: pct(times, 95), unit: 'ms', notes: `max ${Math.max(...times).toFixed(1)} ms` }, atMost(1000, 'ms')),
        ];

        // Alternating rounds (without, with, with, without, …) so that the other load on a shared
        // machine falls on both sides alike; the subscribers are opened and closed for each round.
        const open = async () => {
          idle.send({ open: { url: s.url, apiKey: s.keys.api_key, sessionKey: s.keys.session_key, count: IDLE } });
          const m = await next<{ opened?: number; error?: string }>(idle);
          if (m.error) throw new Error(m.error);
          await sleep(1000);
        };
        const close = async () => {
          idle.send({ close: true });
          await next(idle);
          await sleep(500);
        };
        const ms = Math.max(4000, ctx.minMs * 2);
        const bare: number[] = [];
        const loaded: number[] = [];
        // The server's CPU per setQuantity in each round (the streams' share of a write's cost, whatever the client's).
        const cpuBare: number[] = [];
        const cpuLoaded: number[] = [];
        const measured = async (rates: number[], cpus: number[]) => {
          server.send({ usage: true });
          const before = await next<Usage>(server);
          const r = await throughput(a, s, ms);
          server.send({ usage: true });
          const after = await next<Usage>(server);
          rates.push(r.rate);
          cpus.push(((after.cpuMs - before.cpuMs) * 1000) / r.n);
        };
        let usage: { u0: Usage; u1: Usage; u2: Usage } | null = null;
        for (let round = 0; round < ROUNDS; round++) {
          for (const withStreams of round % 2 ? [true, false] : [false, true]) {
            if (!withStreams) {
              ctx.log(`live.propagation: round ${round + 1}/${ROUNDS}, setQuantity without subscribers`);
              await measured(bare, cpuBare);
              continue;
            }
            if (!usage) {
              // The idle cost, once: memory and CPU of the streams with nothing written.
              server.send({ usage: true });
              const u0 = await next<Usage>(server);
              await open();
              server.send({ usage: true });
              const u1 = await next<Usage>(server);
              await sleep(10_000);
              server.send({ usage: true });
              usage = { u0, u1, u2: await next<Usage>(server) };
            } else await open();
            ctx.log(`live.propagation: round ${round + 1}/${ROUNDS}, setQuantity with ${IDLE} subscribers`);
            await measured(loaded, cpuLoaded);
            await close();
          }
        }
        const { u0, u1, u2 } = usage!;
        const median = (xs: number[]) => pct(xs, 50);
        results.push(
          makeResult({ name: 'live.idle.memoryPerDesk', value: (u1.heap - u0.heap) / IDLE / 1024, unit: 'KiB', notes: `JS heap after GC; server RSS ${(u0.rss / 2 ** 20).toFixed(0)} → ${(u1.rss / 2 ** 20).toFixed(0)} MB with ${IDLE} streams (heap ${(u0.heap / 2 ** 20).toFixed(1)} → ${(u1.heap / 2 ** 20).toFixed(1)} MB)` }, noTarget),
          makeResult({ name: 'live.idle.cpuPerDesk', value: (u2.cpuMs - u1.cpuMs) / 10 / IDLE, unit: 'ms/s', notes: `server CPU over 10 s idle with ${IDLE} streams: ${(u2.cpuMs - u1.cpuMs).toFixed(0)} ms in all` }, noTarget),
          makeResult({
            name: 'live.setQuantity.with200', value: median(loaded), unit: 'ops/s', baseline: median(bare), baselineLabel: 'no subscribers',
            notes: `8 writers, every write announced to ${IDLE + 1} streams of the account, the idle desks' process at nice 19; medians of ${ROUNDS} alternating rounds, per round ${loaded.map((v, i) => (v / bare[i]!).toFixed(2)).join(' ')}; ${loadAverageNote()}`,
          }, ratioAtLeast(0.9)),
          makeResult({
            name: 'live.setQuantity.cpuWith200', value: median(cpuLoaded), unit: 'µs', baseline: median(cpuBare), baselineLabel: 'no subscribers',
            notes: `server CPU per setQuantity (all threads), medians of the same rounds; per round ${cpuLoaded.map((v, i) => (v / cpuBare[i]!).toFixed(2)).join(' ')}`,
          }, noTarget),
        );
        return results;
      } finally {
        await b.stop();
      }
    } finally {
      idle.disconnect();
      server.disconnect();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
