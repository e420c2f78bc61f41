/**
 * The desk on a bad network (issue 15, items 5 and 6), through a fault-injecting proxy on
 * loopback, on real time and the engine's default timers (health every 15 s offline, backoff
 * 1 s … 5 min): a lost call is not an outage, every answer proves the network, one entry's bad
 * luck does not hold the queue, and backoff grows only while the server is really unreachable.
 * Each test also checks the server's own state: every command applied exactly once.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '@shared/ipc/types';
import { seededRandom } from '@main/core/random';
import { startFaultProxy, type FaultProxy, type SeenRequest } from '../helpers/faultProxy';
import { RealTimeClock, startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';
import { buildPlan, serverOutcome } from './plan';
import { sleep, until } from '../helpers/wait';

const DEFAULTS = { healthIntervalMs: 15_000, pullIntervalMs: 3_600_000 };
const isHealth = (r: SeenRequest) => r.path === '/api/health';
const commandOf = (r: SeenRequest): { method: string; requestId: string | null } | null => {
  if (r.method !== 'POST') return null;
  try {
    const body = JSON.parse(r.body) as Record<string, { request_id?: string }>;
    const method = Object.keys(body).find((k) => k !== 'api_key' && k !== 'session_key');
    return method ? { method, requestId: body[method]?.request_id ?? null } : null;
  } catch {
    return null;
  }
};

describe('the desk on a bad network', () => {
  let s: TestServer;
  let proxy: FaultProxy;
  let c: TestCore;
  let ids: number[];
  let statuses: Array<{ at: number; online: boolean }>;
  const receipts = async () => (await s.app.store.get<{ n: number }>("SELECT count(*) AS n FROM stock_receipts WHERE kind IN ('takein', 'wasting')"))!.n;
  const drained = async () => {
    const st = await c.ok('sync.status', {});
    return st.outbox.queued === 0 && st.outbox.inFlight === 0;
  };

  beforeEach(async () => {
    // The core runs on real time and dates its entries by it; the server must share that clock.
    s = await startTestServer({ clock: new RealTimeClock() });
    ids = await seedCatalog(s.app.store, s.account.accountId, 20, s.clock.now(), { stockEvery: 1, qty: 100_000 });
    proxy = await startFaultProxy(s.url, { dropRequest: 0.2, dropResponse: 0.2, reset: 0, maxLatencyMs: 0 }, 11);
    proxy.enabled = false;
    c = await startTestCore(s, { realTime: true, serverUrl: proxy.url, engine: DEFAULTS });
    expect((await c.ok('sync.status', {})).online).toBe(true);
    statuses = [];
    c.core.on('sync.status', (st: SyncStatus) => statuses.push({ at: Date.now(), online: st.online }));
  });
  afterEach(async () => {
    await c?.close();
    await proxy?.close();
    await s?.close();
  });

  // Time bounds here separate the fixed desk from the defect (offline for 15 s, a queue held for
  // minutes) with room for a loaded CI machine; the targets themselves are measured by the
  // desk.network benchmark, not asserted here (speed targets live in benchmarks).
  it('item 5: a lost command and a lost health check right after it do not take the desk offline', async () => {
    const before = await receipts();
    let lostCommand = false;
    let lostHealth = false;
    proxy.rule = (r) => {
      if (!lostCommand && commandOf(r)?.method === 'setQuantity') return (lostCommand = true), 'dropRequest';
      if (lostCommand && !lostHealth && isHealth(r)) return (lostHealth = true), 'dropRequest';
      return null;
    };
    const took = Date.now();
    await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: 2, contactId: s.account.supplierContactId });
    await until('the take-in to reach the server', async () => (await receipts()) === before + 1, 15_000, 10);
    expect(Date.now() - took).toBeLessThan(8_000);
    expect(lostCommand).toBe(true);
    expect(statuses.filter((x) => !x.online)).toEqual([]);
    expect((await c.ok('sync.status', {})).online).toBe(true);
    await until('the queue to drain', drained, 10_000, 10);
    // Applied once: 100,000 + 2 in Default, one receipt.
    const q = await s.ok('getQuantity', { product_id: ids[0]!, warehouse: 'Default' });
    expect(q.quantities[0]!.deliverable).toBe(100_002);
    expect(await receipts()).toBe(before + 1);
  });

  it('item 5: with 20 % of requests and 20 % of answers lost, the desk stays online and replays 300 mixed commands exactly once', async () => {
    c.net.offline = true;
    const plan = await buildPlan(c.ok, s, ids, 300, seededRandom(15));
    c.net.offline = false;
    proxy.enabled = true;
    statuses = [];
    const started = Date.now();
    c.core.engine.kick();
    let online = 0;
    let samples = 0;
    await until('the queue to drain', async () => {
      samples++;
      if ((await c.ok('sync.status', {})).online) online++;
      return drained();
    }, 60_000, 10);
    const took = Date.now() - started;
    await c.core.engine.idle();
    const share = online / samples;
    console.log(`lossy replay of ${plan.commands}: ${took} ms, online in ${(share * 100).toFixed(1)} % of ${samples} samples; proxy ${JSON.stringify(proxy.stats)}`);
    expect(proxy.stats.droppedRequests).toBeGreaterThan(30);
    expect(proxy.stats.droppedResponses).toBeGreaterThan(30);
    expect(share).toBeGreaterThanOrEqual(0.9);
    expect(took).toBeLessThan(45_000);
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect(await serverOutcome(s, ids, plan)).toEqual(plan.expected);
  }, 90_000);

  it('item 6: a head entry that fails 7 times on a healthy network does not hold the 45 behind it', async () => {
    c.net.offline = true;
    const before = await receipts();
    for (let i = 0; i < 45; i++) await c.ok('stock.adjust', { productId: ids[i % ids.length]!, warehouse: 'Győr', quantity: 1, contactId: s.account.supplierContactId });
    await c.core.engine.idle();
    const triedOffline = (await c.ok('outbox.list', {})).sort((a, b) => a.id - b.id)[0]!.attempts;
    c.net.offline = false;
    let unlucky: string | null = null;
    let lost = 0;
    proxy.rule = (r) => {
      const cmd = commandOf(r);
      if (cmd?.method !== 'setQuantity') return null;
      unlucky ??= cmd.requestId;
      if (cmd.requestId !== unlucky || lost >= 7) return null;
      lost++;
      // Alternate: lost on the way there, then lost on the way back (the server applied it).
      return lost % 2 ? 'dropRequest' : 'dropResponse';
    };
    // From here the network is healthy but for the unlucky entry: the desk must never say offline.
    statuses = [];
    const started = Date.now();
    c.core.engine.kick();
    const took = await until('45 take-ins on the server', async () => (await receipts()) === before + 45, 60_000, 10);
    console.log(`45 entries behind a head that failed 7 times: ${took} ms`);
    expect(lost).toBe(7);
    expect(took).toBeLessThan(15_000);
    await until('the queue to drain', drained, 10_000, 10);
    expect(Date.now() - started).toBeLessThan(20_000);
    // Exactly once, though the server saw the unlucky command's request_id up to four times.
    expect(await receipts()).toBe(before + 45);
    for (let i = 0; i < ids.length; i++) {
      const q = await s.ok('getQuantity', { product_id: ids[i]!, warehouse: 'Győr' });
      expect(q.quantities[0]!.deliverable).toBe(100_000 + (i < 45 % ids.length ? 3 : 2));
    }
    const head = (await c.ok('outbox.list', { states: ['done'] })).sort((a, b) => a.id - b.id)[0]!;
    // The tries while the network was cut (when it was queued), seven lost, then the one that went through.
    expect(head.attempts).toBe(triedOffline + 8);
    expect(statuses.filter((x) => !x.online)).toEqual([]);
  }, 90_000);

  it('item 6: while the server is really unreachable the desk probes less and less often, and replays once it is back', async () => {
    await c.close();
    c = await startTestCore(s, { realTime: true, serverUrl: proxy.url, engine: { ...DEFAULTS, healthIntervalMs: 2_000 } });
    const before = await receipts();
    proxy.down = true;
    const downAt = Date.now();
    for (let i = 0; i < 5; i++) await c.ok('stock.adjust', { productId: ids[i]!, warehouse: 'Szeged', quantity: 1, contactId: s.account.supplierContactId });
    await until('the desk to say offline', async () => !(await c.ok('sync.status', {})).online, 10_000, 10);
    await sleep(6_000);
    const refused = proxy.stats.refused;
    // Quick tries, then rounds of three checks with growing gaps up to the 2 s health interval:
    // fewer in the second half of the outage than in the first, and a few a second at most.
    const mid = downAt + 3_000;
    const first = proxy.refusedAt.filter((t) => t < mid).length;
    const second = proxy.refusedAt.filter((t) => t >= mid).length;
    console.log(`refused in the first 3 s: ${first}, in the next 3 s: ${second}`);
    expect(second).toBeLessThan(first);
    expect(refused).toBeLessThanOrEqual(45);
    proxy.down = false;
    const upAt = Date.now();
    await until('the take-ins after the outage', async () => (await receipts()) === before + 5, 15_000, 10);
    console.log(`outage of ${upAt - downAt} ms: ${refused} connection attempts; replayed ${Date.now() - upAt} ms after the server came back`);
    expect(Date.now() - upAt).toBeLessThan(8_000);
    expect((await c.ok('sync.status', {})).online).toBe(true);
  }, 60_000);
});
