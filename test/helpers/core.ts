/**
 * Running the desktop core against a real server in tests: a fake clock whose timers fire only
 * when the test advances it, fetch wrappers that cut the network or hide the server's extensions,
 * a seeded catalog written through the server's repositories, and an `ok` that unwraps IPC answers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChannelName, IpcResponse, RequestOf, ResultOf } from '@shared/ipc/channels';
import type { Store } from '@server/db/sql';
import { insertProduct } from '@server/repos/products';
import { addMove, insertReceipt } from '@server/repos/stock';
import { findWarehouse, insertWarehouse } from '@server/repos/warehouses';
import { createCore, type Core } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { seededRandom } from '@main/core/random';
import { systemClock, type CoreClock, type FetchFn } from '@main/core/types';
import type { EngineConfig } from '@main/core/sync/engine';
import { DEMO_KEYS, type TestClock, type TestServer } from './server';

/** Time stands still unless the test moves it; timers fire in order when it does. */
export class FakeCoreClock implements CoreClock {
  private timers = new Map<number, { at: number; fn: () => void }>();
  private next = 1;
  constructor(private readonly base: TestClock) {}
  now(): Date {
    return this.base.now();
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.now().getTime() + ms, fn });
    return id;
  }
  clearTimeout(h: unknown): void {
    this.timers.delete(h as number);
  }
  /** Moves time on and runs every timer that falls due. */
  advance(ms: number): void {
    this.base.advance(ms);
    const now = this.now().getTime();
    for (const [id, t] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now) {
        this.timers.delete(id);
        t.fn();
      }
    }
  }
  pending(): number {
    return this.timers.size;
  }
}

export interface Network {
  offline: boolean;
  /** Hide the mirroring extensions from /api/health. */
  stripExtensions: boolean;
  calls: Array<{ url: string; method: string | null }>;
  /** Open change-feed streams; cutFeeds() breaks them as a dropped connection would. */
  feeds: Set<ReadableStreamDefaultController<Uint8Array>>;
}

/** Breaks every open feed stream (the desk sees a connection that died). */
export function cutFeeds(net: Network): void {
  for (const c of net.feeds) c.error(new TypeError('terminated'));
  net.feeds.clear();
}

/** The feed's body passed through a stream the test can break. */
function breakable(net: Network, res: Response): Response {
  const source = res.body!.getReader();
  let ctl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      ctl = c;
      net.feeds.add(c);
    },
    async pull(c) {
      try {
        const { done, value } = await source.read();
        if (done) {
          net.feeds.delete(ctl);
          c.close();
        } else c.enqueue(value);
      } catch (e) {
        net.feeds.delete(ctl);
        c.error(e);
      }
    },
    cancel() {
      net.feeds.delete(ctl);
      void source.cancel();
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

const EXTENSIONS = ['getProduct.after_id', 'getProduct.updated_since', 'getQuantities', 'crm.getContacts', 'crm.getBankAccounts', 'setQuantity.expected_quantity', 'getStockHistory', 'setTransfer', 'setPOTakeIn.items', 'feed', 'crm.getSession', 'getReorderRules', 'setReorderRule', 'setPurchaseOrder'];

export function testFetch(net: Network): FetchFn {
  return async (url, init) => {
    const body = typeof init.body === 'string' ? init.body : '';
    net.calls.push({ url, method: /^\{"(\w+)"/.exec(body)?.[1] ?? /<command><(\w+)/.exec(body)?.[1] ?? null });
    if (net.offline) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    const res = await fetch(url, init);
    if (url.endsWith('/api/feed') && res.status === 200 && res.body) return breakable(net, res);
    if (!net.stripExtensions || !url.endsWith('/api/health')) return res;
    const health = (await res.json()) as { capabilities: string[] };
    health.capabilities = health.capabilities.filter((c) => !EXTENSIONS.includes(c));
    return new Response(JSON.stringify(health), { status: res.status, headers: { 'content-type': 'application/json' } });
  };
}

export interface TestCore {
  core: Core;
  clock: FakeCoreClock;
  /** True when the core runs on real time (fault tests): then `clock` is not the core's. */
  realTime: boolean;
  net: Network;
  dir: string;
  ok<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>>;
  call<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<IpcResponse<ResultOf<C>>>;
  /** Runs the sync worker until it rests. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestCore(server: TestServer, opts: { format?: 'json' | 'xml'; stripExtensions?: boolean; engine?: Partial<EngineConfig>; connect?: boolean; dir?: string; realTime?: boolean; serverUrl?: string; seed?: number } = {}): Promise<TestCore> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'stockdesk-core-'));
  const clock = new FakeCoreClock(server.clock);
  const net: Network = { offline: false, stripExtensions: opts.stripExtensions ?? false, calls: [], feeds: new Set() };
  const core = createCore({
    dataDir: dir, clock: opts.realTime ? systemClock : clock, fetch: testFetch(net), random: seededRandom(opts.seed ?? 42), credentialStore: memoryCredentialStore(),
    // The change feed is off unless a test asks for it: the other core tests count the calls a pull makes.
    engine: { healthIntervalMs: 10_000, pullIntervalMs: 3_600_000, liveFeed: false, ...opts.engine },
  });
  await core.start();
  const call = async <C extends ChannelName>(channel: C, request: RequestOf<C>) => (await core.invoke(channel, request)) as IpcResponse<ResultOf<C>>;
  const ok = async <C extends ChannelName>(channel: C, request: RequestOf<C>) => {
    const r = await call(channel, request);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message} ${JSON.stringify(r.error.details)}`);
    return r.result;
  };
  const t: TestCore = {
    core, clock, realTime: opts.realTime ?? false, net, dir, ok, call,
    async sync() {
      core.engine.kick();
      await core.engine.idle();
    },
    async close() {
      await core.stop();
      if (!opts.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  if (opts.connect !== false) {
    await ok('settings.update', { serverUrl: opts.serverUrl ?? server.url, format: opts.format ?? 'json' });
    await ok('settings.setCredentials', { apiKey: DEMO_KEYS.api_key, sessionKey: DEMO_KEYS.session_key });
    await t.sync();
  }
  return t;
}

export const WAREHOUSES = ['Default', 'Győr', 'Szeged'];

/** A synthetic catalog written straight into the server's database (either engine, through its store); stock in every warehouse for some. */
export async function seedCatalog(store: Store, accountId: number, n: number, now: Date, opts: { stockEvery?: number; prefix?: string; qty?: number } = {}): Promise<number[]> {
  const ids: number[] = [];
  await store.transaction(async (db) => {
    const wh: number[] = [];
    for (const name of WAREHOUSES) wh.push((await findWarehouse(db, accountId, name))?.id ?? (await insertWarehouse(db, accountId, { name }, now)));
    for (let i = 0; i < n; i++) {
      const id = await insertProduct(db, accountId, {
        name: `${opts.prefix ?? 'Termék'} ${['szűrő', 'csavar', 'kalapács', 'fogó', 'kés'][i % 5]} ${String(i).padStart(6, '0')}`, action: 0,
        listPrice: String(100 + (i % 5000)), currency: 'HUF', vat: '27', unit: 'db', itemNumber: `IT-${String(i).padStart(6, '0')}`,
        eanNumber: String(5_990_000_000_000 + i), manufacturer: ['Bosch', 'Makita', 'Győri'][i % 3], tags: [], service: 0, components: [],
      }, now);
      ids.push(id);
      if (opts.stockEvery && i % opts.stockEvery === 0) {
        const r = await insertReceipt(db, accountId, { kind: 'takein', warehouseId: wh[0]!, date: now.toISOString().slice(0, 10) }, now);
        for (const [k, w] of wh.entries()) await addMove(db, accountId, r, { productId: id, warehouseId: w, label: '', qtyMilli: (opts.qty ?? 10 + k) * 1000 });
      }
    }
  });
  return ids;
}
