/**
 * 5,000 mixed commands made offline, then replayed through a proxy that drops 20 % of requests,
 * drops 20 % of responses after the server applied them, resets 5 % of connections halfway and
 * adds latency. Afterwards the server's ledger, orders and invoices are exactly the expected ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@main/core/random';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy';
import { RealTimeClock, startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';
import { buildPlan, serverOutcome, type Plan } from './plan';

// FAULT_COMMANDS shrinks it for a quick local run; the suite runs all 5,000.
const COMMANDS = Number(process.env.FAULT_COMMANDS ?? 5_000);

describe('replay through a faulty network', () => {
  let s: TestServer;
  let proxy: FaultProxy;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    // The core runs on real time and dates its entries by it; the server must share that clock.
    s = await startTestServer({ clock: new RealTimeClock() });
    ids = await seedCatalog(s.app.store, s.account.accountId, 40, s.clock.now(), { stockEvery: 1, qty: 100_000 });
    proxy = await startFaultProxy(s.url, { dropRequest: 0.2, dropResponse: 0.2, reset: 0.05, maxLatencyMs: 3 });
    proxy.enabled = false;
    c = await startTestCore(s, { realTime: true, serverUrl: proxy.url, engine: { healthIntervalMs: 5, backoff: { baseMs: 1, capMs: 20 }, callTimeoutMs: 5_000 } });
  });
  afterAll(async () => {
    await c?.close();
    await proxy?.close();
    await s?.close();
  });

  it(`applies ${COMMANDS} commands exactly once`, async () => {
    c.net.offline = true;
    const plan: Plan = await buildPlan(c.ok, s, ids, COMMANDS, seededRandom(2026));
    const before = (await c.ok('sync.status', {})).outbox;
    expect(before.queued + before.inFlight).toBe(plan.commands);
    proxy.enabled = true;
    c.net.offline = false;
    const started = Date.now();
    while (Date.now() - started < 840_000) {
      c.core.engine.kick();
      await new Promise((r) => setTimeout(r, 200));
      const st = await c.ok('sync.status', {});
      if (st.outbox.queued === 0 && st.outbox.inFlight === 0) break;
    }
    await c.core.engine.idle();
    const st = await c.ok('sync.status', {});
    expect(st.outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect(proxy.stats.droppedRequests).toBeGreaterThan(COMMANDS * 0.1);
    expect(proxy.stats.droppedResponses).toBeGreaterThan(COMMANDS * 0.1);
    const actual = await serverOutcome(s, ids, plan);
    expect(actual).toEqual(plan.expected);
  }, 900_000);
});
