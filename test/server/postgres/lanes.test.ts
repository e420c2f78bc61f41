/**
 * Statements outside a transaction on shared pipelined connections (db/postgres/lanes.ts), on a real
 * PostgreSQL server: those of one turn leave in one write, each still gets its own answer, one's
 * error never touches another's, a slow statement does not hold up the rest, a lost connection is
 * replaced, and over HTTP many concurrent reads each answer what the database holds.
 */
import { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '@server/db/postgres';
import { openLanes } from '@server/db/postgres/lanes';
import { openPgStore, type PgStore } from '@server/db/postgres/store';
import { startServer, type App } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { insertProduct } from '@server/repos/products';
import { DEMO_KEYS, TestClock, testClient } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { socketWrites } from '../../helpers/pgWrites';

let url: string;
let store: PgStore;
let other: PgStore;

beforeAll(async () => {
  url = await createTestDatabase();
  store = openPgStore({ url, poolSize: 2, applicationName: 'sd-lanes', lanes: { count: 2, stallMs: 25 } });
  other = openPgStore({ url, poolSize: 1, applicationName: 'sd-lanes-other', lanes: false });
  await other.run('CREATE TABLE seen (k text PRIMARY KEY)');
});

afterAll(async () => {
  await store?.close();
  await other?.close();
  if (url) await dropTestDatabase(url);
});

const pids = async (app: string) => (await other.all<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = ? ORDER BY pid', [app])).map((r) => r.pid);

describe('lanes: statements outside a transaction share pipelined connections', () => {
  it('sends the statements of one turn in one write, and gives each its own answer', async () => {
    await store.get('SELECT 1 AS warm');
    const { result, writes } = await socketWrites(url, () => Promise.all(Array.from({ length: 12 }, (_, i) => store.get<{ n: number }>('SELECT ?::int * 10 AS n', [i]))));
    expect(result.map((r) => r!.n)).toEqual(Array.from({ length: 12 }, (_, i) => i * 10));
    expect(writes).toBe(1);
    // From separate callbacks of one turn, as requests arriving together are (immediates queued together
    // run in one check phase).
    const apart = await socketWrites(url, () => Promise.all(Array.from({ length: 6 }, (_, i) => new Promise<number>((resolve, reject) => {
      setImmediate(() => store.get<{ n: number }>('SELECT ?::int * 10 AS n', [i]).then((r) => resolve(r!.n), reject));
    }))));
    expect(apart.result).toEqual([0, 10, 20, 30, 40, 50]);
    expect(apart.writes).toBe(1);
  });

  it('one statement\'s error does not touch the others of its write, and nothing else is lost', async () => {
    const { result, writes } = await socketWrites(url, () => Promise.allSettled([
      store.run("INSERT INTO seen VALUES ('first')"),
      store.get('SELECT 1 / ?::int AS x', [0]),
      store.run("INSERT INTO seen VALUES ('first')"),
      store.run("INSERT INTO seen VALUES ('second')"),
      store.get<{ n: number }>('SELECT count(*) AS n FROM seen'),
    ]));
    expect(writes).toBe(1);
    expect(result.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((result[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
    expect(String((result[2] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    expect((await other.all<{ k: string }>('SELECT k FROM seen ORDER BY k')).map((r) => r.k)).toEqual(['first', 'second']);
  });

  it('a lane held up by a slow statement takes nothing new: the next statement answers before it ends', async () => {
    const order: string[] = [];
    const slow = (s: number) => store.get('SELECT pg_sleep(?::float8) AS z', [s]).then(() => order.push(`slept ${s}`));
    const first = slow(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = slow(1.2); // the first lane is held up: on the second
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Both lanes are held up: on a connection of the pool.
    const quick = store.get<{ one: number }>('SELECT 1 AS one').then((r) => order.push(`quick ${r!.one}`));
    await Promise.all([first, second, quick]);
    expect(order).toEqual(['quick 1', 'slept 1', 'slept 1.2']);
  });

  it('replaces a lane whose connection was lost; a statement then answers on a new one', async () => {
    const before = (await store.get<{ pid: number }>('SELECT pg_backend_pid() AS pid'))!.pid;
    await other.get('SELECT pg_terminate_backend(?::int) AS t', [before]);
    // The lane learns of the loss from its socket; a statement sent before that fails with the
    // connection's error, never hangs, and never answers from another statement's rows.
    let after: number | undefined;
    for (let i = 0; i < 50 && after === undefined; i++) {
      after = await store.get<{ pid: number }>('SELECT pg_backend_pid() AS pid').then((r) => r!.pid, (e: Error) => {
        expect(e.message).toMatch(/terminat|connection|ended/i);
        return undefined;
      });
      if (after === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await pids('sd-lanes')).not.toContain(before);
  });

  it('while a lost lane reconnects, statements go to the lane that is up instead of waiting for the connect', async () => {
    // Sockets whose connect is delayed while `slowConnect` is set: a database slow to accept.
    let slowConnect = 0;
    class SlowSocket extends Socket {
      override connect(...args: unknown[]): this {
        const go = () => (Socket.prototype.connect as (...a: unknown[]) => unknown).apply(this, args);
        if (slowConnect) setTimeout(go, slowConnect);
        else go();
        return this;
      }
    }
    const lanes = openLanes({ connectionString: url, application_name: 'sd-lanes-slow', stream: () => new SlowSocket() } as pg.ClientConfig, { count: 2, stallMs: 10_000 });
    const ask = (sql: string) => lanes.use((c) => new Promise<number>((resolve, reject) => {
      void c.query(new pg.Query(sql, undefined, (e: Error | undefined, r: pg.QueryResult) => (e ? reject(e) : resolve((r.rows[0] as { p: number }).p))) as unknown as pg.QueryConfig);
    }))!;
    try {
      // Both lanes up: the second statement finds the first lane busy and opens the other.
      const busy = ask('SELECT pg_backend_pid() AS p FROM pg_sleep(0.2)');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [first, second] = await Promise.all([busy, ask('SELECT pg_backend_pid() AS p')]);
      expect(first).not.toBe(second);
      // The first lane is lost, and a new connection will take a second to come up.
      await other.get('SELECT pg_terminate_backend(?::int) AS t', [first]);
      for (let i = 0; i < 50 && (await pids('sd-lanes-slow')).includes(first); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      slowConnect = 1000;
      const t0 = performance.now();
      const sleeping = ask('SELECT pg_backend_pid() AS p FROM pg_sleep(0.2)'); // on the lane that is up
      await new Promise((resolve) => setTimeout(resolve, 20));
      const opening = ask('SELECT pg_backend_pid() AS p'); // that lane is busy: the lost one is reopened
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Old behaviour: the reconnecting lane looked idle, so this waited a second for its connect.
      expect(await ask('SELECT pg_backend_pid() AS p')).toBe(second);
      expect(performance.now() - t0).toBeLessThan(900);
      expect(await sleeping).toBe(second);
      expect(await opening).not.toBe(second);
    } finally {
      await lanes.end();
    }
  });

  it('close() ends the lanes\' connections', async () => {
    const s = openPgStore({ url, poolSize: 1, applicationName: 'sd-lanes-close' });
    await Promise.all([s.get('SELECT 1 AS a'), s.get('SELECT pg_sleep(0.05) AS b')]);
    expect((await pids('sd-lanes-close')).length).toBeGreaterThan(0);
    await s.close();
    for (let i = 0; i < 50 && (await pids('sd-lanes-close')).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await pids('sd-lanes-close')).toEqual([]);
  });
});

describe('lanes over HTTP', () => {
  let app: App;
  let served: PgStore;

  afterAll(async () => {
    await app?.close();
    await served?.close();
  });

  it('answers 60 concurrent getQuantity calls of 20 products each with that product\'s stock, as the database holds it', async () => {
    const clock = new TestClock();
    served = await openPostgres({ url, poolSize: 4, applicationName: 'sd-lanes-http' });
    const { account } = await seedDemo(served, clock, DEMO_KEYS);
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push(await served.transaction((tx) => insertProduct(tx, account.accountId, {
        name: `Lánc ${i}`, action: 0, listPrice: '100', currency: 'HUF', vat: '27', unit: 'db', tags: [], service: 0, components: [],
      }, clock.now())));
    }
    app = await startServer({ store: served, clock, log: pino({ level: 'silent' }), config: { port: 0 } });
    const api = testClient(app.url);
    await Promise.all(ids.map((id, i) => api.ok('setQuantity', { product_id: id, quantity: i + 1, warehouse: 'Default', contact_id: account.supplierContactId })));
    const answers = await Promise.all(Array.from({ length: 60 }, (_, k) => api.ok('getQuantity', { product_id: ids[k % 20]!, warehouse: 'default' })));
    const held = await other.all<{ product_id: number; q: number }>('SELECT product_id, SUM(qty_milli)::bigint AS q FROM stock_levels WHERE account_id = ? GROUP BY product_id', [account.accountId]);
    const byProduct = new Map(held.map((r) => [r.product_id, r.q / 1000]));
    answers.forEach((a, k) => {
      const id = ids[k % 20]!;
      expect(byProduct.get(id)).toBe((k % 20) + 1);
      expect(a.quantities).toEqual([{ product_id: id, warehouse: 'Default', deliverable: (k % 20) + 1, pending: 0, available: (k % 20) + 1 }]);
    });
  });
});
