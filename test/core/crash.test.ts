/**
 * The core process (entry.ts under Node) killed with SIGKILL at 30 random moments while it
 * replays its outbox, and started again each time on the same data dir. Afterwards the server
 * holds exactly what the commands describe: nothing lost, nothing applied twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@main/core/random';
import { CoreProcess } from '../helpers/coreProcess';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy';
import { DEMO_KEYS, RealTimeClock, startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog } from '../helpers/core';
import { buildPlan, serverOutcome } from './plan';
import { until } from '../helpers/wait';

const KILLS = 30;
const COMMANDS = Number(process.env.CRASH_COMMANDS ?? 300);
const ENGINE = JSON.stringify({ healthIntervalMs: 20, backoff: { baseMs: 5, capMs: 50 }, callTimeoutMs: 5_000 });

describe('crash during replay', () => {
  let s: TestServer;
  let proxy: FaultProxy;
  let dir: string;
  let core: CoreProcess;
  let ids: number[];
  beforeAll(async () => {
    // The core runs on real time and dates its entries by it; the server must share that clock.
    s = await startTestServer({ clock: new RealTimeClock() });
    ids = await seedCatalog(s.app.store, s.account.accountId, 20, s.clock.now(), { stockEvery: 1, qty: 100_000 });
    // The proxy only serves to cut the network while the queue builds up; it injects no faults.
    proxy = await startFaultProxy(s.url, { dropRequest: 0, dropResponse: 0, reset: 0, maxLatencyMs: 0 });
    dir = mkdtempSync(join(tmpdir(), 'stockdesk-crash-'));
    core = new CoreProcess(dir, { STOCKDESK_ENGINE: ENGINE });
    await core.start();
  }, 60_000);
  afterAll(async () => {
    await core?.stop();
    await proxy?.close();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`applies every command exactly once across ${KILLS} SIGKILLs`, async () => {
    await core.ok('settings.update', { serverUrl: proxy.url });
    await core.ok('settings.setCredentials', { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key });
    await until('the first pull', async () => (await core.ok('sync.status', {})).mirrored, 120_000, 50);
    proxy.down = true;
    const plan = await buildPlan(core.ok, s, ids, COMMANDS, seededRandom(99));
    proxy.down = false;
    const r = seededRandom(5);
    const done = async () => (await s.app.store.get<{ n: number }>("SELECT count(*) AS n FROM stock_receipts WHERE id > ? AND kind IN ('takein', 'wasting')", [plan.baseline.receipt]))!.n;
    for (let k = 0; k < KILLS; k++) {
      await new Promise((res) => setTimeout(res, 30 + r.next() * 250));
      await core.kill();
      await core.start();
    }
    expect(await done()).toBeGreaterThan(0);
    await until('the outbox to drain', async () => {
      const st = await core.ok('sync.status', {});
      return st.outbox.queued === 0 && st.outbox.inFlight === 0;
    }, 240_000, 50);
    expect((await core.ok('sync.status', {})).outbox.needsAttention).toBe(0);
    expect(await serverOutcome(s, ids, plan)).toEqual(plan.expected);
  }, 600_000);
});
