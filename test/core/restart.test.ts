/**
 * Restart after a crash (issue 15, item 7): the core run the way the web harness runs it — the
 * real entry.ts as a Node child under CoreClient, which restarts it when it dies — SIGKILLed five
 * times in a row while it replays its outbox. Each time the core must be back and replaying within
 * 2 s (kill → the server receives the next command), and in the end every command is applied once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResponse } from '@shared/ipc/channels';
import type { SyncStatus } from '@shared/ipc/types';
import { seededRandom } from '@main/core/random';
import { CoreClient } from '@main/coreClient';
import { spawnChildCore } from '@main/web/coreChild';
import { startFaultProxy, type FaultProxy } from '../helpers/faultProxy';
import { DEMO_KEYS, RealTimeClock, startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog } from '../helpers/core';
import { buildPlan, serverOutcome, type Ok } from './plan';
import { sleep, until } from '../helpers/wait';

const ENTRY = fileURLToPath(new URL('../../src/main/core/entry.ts', import.meta.url));
const KILLS = 5;
describe('restart after a crash', () => {
  let s: TestServer;
  let proxy: FaultProxy;
  let dir: string;
  let client: CoreClient;
  const marks: Array<{ at: number; what: string; timings?: unknown }> = [];
  let ids: number[];

  beforeAll(async () => {
    // The core runs on real time and dates its entries by it; the server must share that clock.
    s = await startTestServer({ clock: new RealTimeClock() });
    ids = await seedCatalog(s.app.store, s.account.accountId, 20, s.clock.now(), { stockEvery: 1, qty: 100_000 });
    // Slow enough that the replay is still going at every kill; no faults.
    proxy = await startFaultProxy(s.url, { dropRequest: 0, dropResponse: 0, reset: 0, maxLatencyMs: 40 });
    proxy.enabled = false;
    dir = mkdtempSync(join(tmpdir(), 'stockdesk-restart-'));
    client = new CoreClient({
      // As the web harness runs it (src/main/web/harness.ts): a warm standby core.
      standby: true,
      spawn: ({ standby }) => {
        const p = spawnChildCore({ entry: ENTRY, dataDir: dir, credentials: 'file', standby });
        marks.push({ at: Date.now(), what: standby ? 'standby' : 'spawn' });
        p.onMessage((m) => {
          const msg = m as { type?: string; timings?: unknown };
          if (msg.type === 'ready') marks.push({ at: Date.now(), what: 'ready', timings: msg.timings });
        });
        return p;
      },
      onEvent: () => undefined,
      log: () => undefined,
    });
  }, 60_000);
  afterAll(async () => {
    await client?.stop();
    await proxy?.close();
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`is back and replaying promptly (target 2 s: the desk.network bench), ${KILLS} crashes in a row, and applies every command once`, async () => {
    const ok: Ok = async (channel, request) => {
      const r = (await client.invoke(channel, request)) as IpcResponse<never>;
      if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
      return r.result;
    };
    await ok('settings.update', { serverUrl: proxy.url });
    await ok('settings.setCredentials', { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key });
    await until('the first pull', async () => ((await ok('sync.status', {})) as SyncStatus).mirrored, 30_000);
    proxy.down = true;
    const plan = await buildPlan(ok, s, ids, 400, seededRandom(7));
    const posts = () => proxy.log.filter((r) => r.method === 'POST').length;
    proxy.enabled = true;
    proxy.down = false;
    await until('the replay to start', () => posts() > 0, 30_000);
    const restarts: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      // A crash soon after the last one, once the core has replayed a while.
      await sleep(1_500);
      const victim = client.pid!;
      const seen = posts();
      const killedAt = Date.now();
      marks.push({ at: killedAt, what: 'kill' });
      process.kill(victim, 'SIGKILL');
      // Replaying again: the new core has sent a command (a resend of the one in flight counts).
      // The first command sent once a core was ready after the kill. The wait and the figure are one
      // computation: a replacement standby can report ready after the promoted core's first command,
      // and a figure taken apart from the wait then found no command after that later mark.
      let back = NaN;
      await until(`replay after kill ${k + 1}`, () => {
        if (client.pid === victim) return false;
        const readyAt = marks.find((m) => m.what === 'ready' && m.at > killedAt)?.at;
        const post = readyAt === undefined ? undefined : proxy.log.find((r, i) => i >= seen && r.method === 'POST' && r.at > killedAt && r.at >= readyAt);
        if (post) back = post.at;
        return post !== undefined;
      }, 15_000);
      restarts.push(back - killedAt);
      const spawn = marks.find((m) => m.what === 'spawn' && m.at >= killedAt)?.at ?? NaN;
      const readyMark = marks.find((m) => m.what === 'ready' && m.at >= killedAt)!;
      const ready = readyMark.at;
      const health = proxy.log.find((r) => r.path === '/api/health' && r.at >= ready)?.at ?? NaN;
      console.log(`kill ${k + 1}: ${Number.isNaN(spawn) ? 'standby promoted' : `respawn after ${spawn - killedAt} ms`}, ready after ${ready - killedAt} ms, first health ${health - killedAt} ms, replaying after ${back - killedAt} ms; in the core since its process began: ${JSON.stringify(readyMark.timings)}`);
    }
    // The 2 s target is the desk.network benchmark's (desk.restart.replaying); this bound separates
    // the fix from the defect (respawn delays growing to 10 s) with room for a loaded CI machine.
    expect(restarts.every((ms) => ms <= 4_000)).toBe(true);
    proxy.enabled = false;
    await until('the outbox to drain', async () => {
      const st = (await ok('sync.status', {})) as SyncStatus;
      return st.outbox.queued === 0 && st.outbox.inFlight === 0;
    }, 120_000);
    expect(((await ok('sync.status', {})) as SyncStatus).outbox.needsAttention).toBe(0);
    expect(await serverOutcome(s, ids, plan)).toEqual(plan.expected);
  }, 240_000);
});
