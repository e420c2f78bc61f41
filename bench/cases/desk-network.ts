/**
 * The desk on a bad network (issue 15): the replay of 500 queued mixed commands through a proxy
 * that loses 20 % of requests before the server and 20 % of answers after it, against the same
 * replay on a clean loopback (ratio ≥ 0.3); the share of that lossy replay the desk reported itself
 * online; and restart-to-replaying after a SIGKILL of the core run as the web harness runs it
 * (≤ 2 s, the worst of three crashes in a row). Every replay is checked exactly-once against the
 * server's own state; a mismatch fails the case. The server and the proxy run in a child process
 * (desk-network-server.child.ts), as on a desk they are other machines.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Database from 'better-sqlite3';
import type { IpcResponse } from '@shared/ipc/channels';
import type { SyncStatus } from '@shared/ipc/types';
import { seededRandom } from '@main/core/random';
import { CoreClient } from '@main/coreClient';
import { spawnChildCore } from '@main/web/coreChild';
import { DEMO_KEYS, TestClock, type TestServer } from '../../test/helpers/server';
import { startTestCore } from '../../test/helpers/core';
import { sqliteStore } from '@server/db/sqlite/store';
import { buildPlan, serverOutcome, type Ok, type Outcome } from '../../test/core/plan';
import { atLeast, atMost, makeResult, ratioAtLeast, type BenchCase, type BenchResult } from '../lib/types';
import { sleep, until } from '../../test/helpers/wait';

const COMMANDS = 500;
const KILLS = 3;
const ENTRY = fileURLToPath(new URL('../../src/main/core/entry.ts', import.meta.url));
const SERVER = fileURLToPath(new URL('./desk-network-server.child.ts', import.meta.url));
/** Which parts of the server's outcome differ from the plan's, for the failure message. */
function differences(got: Outcome, want: Outcome): string {
  const out: string[] = [];
  for (const k of Object.keys(want.stock)) if (got.stock[k] !== want.stock[k]) out.push(`stock ${k}: ${got.stock[k]} ≠ ${want.stock[k]}`);
  if (got.receipts !== want.receipts) out.push(`receipts ${got.receipts} ≠ ${want.receipts}`);
  want.orders.forEach((o, i) => !isDeepStrictEqual(got.orders[i], o) && out.push(`order ${i}: ${JSON.stringify(got.orders[i])} ≠ ${JSON.stringify(o)}`));
  want.invoices.forEach((o, i) => !isDeepStrictEqual(got.invoices[i], o) && out.push(`invoice ${i}: ${JSON.stringify(got.invoices[i])} ≠ ${JSON.stringify(o)}`));
  if (got.orders.length !== want.orders.length || got.invoices.length !== want.invoices.length) out.push(`orders ${got.orders.length}/${want.orders.length}, invoices ${got.invoices.length}/${want.invoices.length}`);
  return out.slice(0, 6).join('; ') || 'none found';
}

interface ServerInfo { url: string; proxyUrl: string; dbPath: string; account: TestServer['account']; ids: number[] }

/** The server and the proxy in a child process; the parent reads the server's file for the exactly-once check. */
async function startServerChild(mode: 'lossy' | 'clean', seed: number) {
  const child = fork(SERVER, [mode, String(seed)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerInfo));
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  const db = new Database(info.dbPath, { readonly: true });
  // What buildPlan and serverOutcome read: the account and the server's database.
  const s = { app: { db, store: sqliteStore(db) }, account: info.account, clock: new TestClock(), url: info.url } as unknown as TestServer;
  const ask = <T>(m: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      child.once('message', (a) => resolve(a as T));
      child.send(m);
    });
  return {
    s, info, ask,
    async close() {
      db.close();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      });
    },
  };
}

/**
 * Queues the plan offline, then replays it (the engine's default timers). The replay is timed, and
 * the online share sampled, from the moment the desk is back online; how long that took after the
 * network returned (one probe round, or a wait of up to the health interval when a whole round is
 * lost) is reported apart, as `reconnectMs`.
 */
async function replay(seed: number, lossy: boolean): Promise<{ ms: number; online: number; reconnectMs: number }> {
  // A server of its own: the test core's ids come from a fixed seed, so a second core on the same
  // server would send request_ids the server has already seen for other commands.
  const srv = await startServerChild(lossy ? 'lossy' : 'clean', seed);
  const { s, info } = srv;
  const c = await startTestCore(s, { realTime: true, serverUrl: lossy ? info.proxyUrl : info.url, engine: { healthIntervalMs: 15_000, pullIntervalMs: 3_600_000 } });
  try {
    c.net.offline = true;
    const plan = await buildPlan(c.ok, s, info.ids, COMMANDS, seededRandom(seed));
    c.net.offline = false;
    await srv.ask({ enable: lossy });
    let online = 0;
    let samples = 0;
    const back = performance.now();
    c.core.engine.kick();
    await until('the desk to be back online', async () => (await c.ok('sync.status', {})).online, 60_000);
    const t = performance.now();
    await until('the replay to finish', async () => {
      const st = await c.ok('sync.status', {});
      samples++;
      if (st.online) online++;
      return st.outbox.queued + st.outbox.inFlight === 0;
    }, 600_000);
    const ms = performance.now() - t;
    await c.core.engine.idle();
    const st = await c.ok('sync.status', {});
    const got = await serverOutcome(s, info.ids, plan);
    if (!isDeepStrictEqual(got, plan.expected)) throw new Error(`the ${lossy ? 'lossy' : 'clean'} replay did not leave the server in the expected state: ${differences(got, plan.expected)}; outbox ${JSON.stringify(st.outbox)}; first refused: ${JSON.stringify((await c.ok('outbox.list', { states: ['needs_attention'] })).slice(0, 2).map((e) => [e.method, e.errorCode, e.lastError, e.blockedBy]))}`);
    return { ms, online: online / samples, reconnectMs: t - back };
  } finally {
    await c.close();
    await srv.close();
  }
}

/**
 * The core as the harness runs it (CoreClient, warm standby), SIGKILLed during a replay through a
 * proxy adding up to 40 ms per call; kill → the next command at the server, in ms. Crashes come
 * 3 s apart, once the standby is warm.
 */
async function restarts(): Promise<number[]> {
  const srv = await startServerChild('clean', 77);
  const { s, info } = srv;
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-restart-'));
  const client = new CoreClient({ standby: true, spawn: ({ standby }) => spawnChildCore({ entry: ENTRY, dataDir: dir, credentials: 'file', standby }), onEvent: () => undefined, log: () => undefined });
  try {
    const ok: Ok = async (channel, request) => {
      const r = (await client.invoke(channel, request)) as IpcResponse<never>;
      if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
      return r.result;
    };
    await ok('settings.update', { serverUrl: info.proxyUrl });
    await ok('settings.setCredentials', { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key });
    await until('the first pull', async () => ((await ok('sync.status', {})) as SyncStatus).mirrored, 60_000);
    await srv.ask({ down: true });
    const plan = await buildPlan(ok, s, info.ids, 300, seededRandom(77));
    await srv.ask({ enable: true, down: false });
    const out: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      await sleep(3_000);
      const victim = client.pid!;
      const killedAt = Date.now();
      process.kill(victim, 'SIGKILL');
      let post: number | null = null;
      await until('replaying after the crash', async () => client.pid !== victim && (post = (await srv.ask<{ post: number | null }>({ posts: killedAt })).post) !== null, 30_000);
      out.push(post! - killedAt);
    }
    await srv.ask({ enable: false });
    await until('the outbox to drain', async () => {
      const st = (await ok('sync.status', {})) as SyncStatus;
      return st.outbox.queued + st.outbox.inFlight === 0;
    }, 300_000);
    if (!isDeepStrictEqual(await serverOutcome(s, info.ids, plan), plan.expected)) throw new Error('the replay across crashes did not leave the server in the expected state');
    return out;
  } finally {
    await client.stop();
    await srv.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const deskNetwork: BenchCase = {
  name: 'desk.network',
  description: `desktop core on a bad network: ${COMMANDS} queued commands through 20 % + 20 % loss vs a clean loopback; restart after a crash`,
  async run(ctx) {
    {
      ctx.log('desk.network: clean replay');
      const clean = await replay(21, false);
      ctx.log(`desk.network: clean ${clean.ms.toFixed(0)} ms; lossy replay`);
      const lossy = await replay(22, true);
      ctx.log(`desk.network: lossy ${lossy.ms.toFixed(0)} ms; restarts`);
      const r = await restarts();
      const rows: BenchResult[] = [
        makeResult({ name: 'desk.replay.lossy', value: COMMANDS / (lossy.ms / 1000), unit: 'ops/s', baseline: COMMANDS / (clean.ms / 1000), baselineLabel: 'same replay, clean loopback', notes: `${COMMANDS} mixed commands, 20 % of requests and 20 % of answers lost; exactly once; timed from back online (lossy reconnect took ${lossy.reconnectMs.toFixed(0)} ms, clean ${clean.reconnectMs.toFixed(0)} ms)` }, ratioAtLeast(0.3)),
        makeResult({ name: 'desk.replay.lossy.online', value: lossy.online * 100, unit: '%', notes: 'share of sync.status samples online during the lossy replay' }, atLeast(90, '%')),
        makeResult({ name: 'desk.restart.replaying', value: Math.max(...r), unit: 'ms', notes: `SIGKILL → next command at the server, worst of ${KILLS} in a row (${r.map((x) => x.toFixed(0)).join(', ')} ms); web harness core with a warm standby, crashes 3 s apart` }, atMost(2000, 'ms')),
      ];
      return rows;
    }
  },
};
