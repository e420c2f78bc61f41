/**
 * Incremental pulls under concurrent writers on PostgreSQL (issue 16): many writers over HTTP, some
 * of their transactions held open for a random while by a second connection (so commits come late
 * and out of stamp order), and a puller looping the desk's pulls (getProduct `%` and getQuantities,
 * keyset pages, updated_since = the first page's server_time of the pull before). No change is ever
 * skipped: once the writers stop, one more incremental pull leaves the puller's copy equal to the
 * server's own rows. No change goes backwards: stock only grows here, and no pull hands the copy a
 * lower level than it had (a stale row delivered again). Rows the puller had already (at least once,
 * as documented) are counted and logged.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { DEMO_KEYS, RealTimeClock, testClient } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { sleep } from '../../helpers/wait';

let url: string;
let store: PgStore;
let app: App;
let account: DemoAccount;
let api: ReturnType<typeof testClient>;

beforeAll(async () => {
  url = await createTestDatabase();
  store = await openPostgres({ url, poolSize: 10 });
  const clock = new RealTimeClock();
  account = (await seedDemo(store, clock, DEMO_KEYS)).account;
  app = await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0 } });
  api = testClient(app.url);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  if (url) await dropTestDatabase(url);
});

/** A seeded generator, so a failure can be run again the same way (the seed is logged). */
function generator(seed: number) {
  let x = seed >>> 0 || 1;
  return (n: number) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

const WRITERS = 6;
const PRODUCTS = 30;
const RUN_MS = 8_000;

describe('incremental pulls under concurrent late commits', () => {
  it('skip no change and never hand back an older one', async () => {
    const seed = Date.now() % 1_000_000;
    console.log(`pullCursor.random seed ${seed}`);
    const rand = generator(seed);
    const ids: number[] = [];
    for (let i = 0; i < PRODUCTS; i++) {
      const r = await api.ok('setProduct', { product_name: `Véletlen ${i} v0`, currency: 'HUF', vat: 27, unit: 'db', takein_quantity: 1, takein_contact_id: account.supplierContactId, takein_warehouse: 'Default' });
      ids.push(r.id);
    }
    const pick = () => ids[rand(ids.length)]!;
    let stop = false;
    let writes = 0;
    let version = 0;

    // Writers: take-ins of 1 (stock only grows) and renames.
    const writer = async () => {
      while (!stop) {
        const id = pick();
        if (rand(2) === 0) {
          await api.ok('setQuantity', { product_id: id, quantity: 1, contact_id: account.supplierContactId, warehouse: 'Default' });
        } else {
          await api.ok('setProduct', { id, product_name: `Véletlen ${id} v${++version}`, currency: 'HUF', vat: 27, unit: 'db' });
        }
        writes++;
      }
    };
    // Late commits: a second connection holds a product's row or its stock change row a random while,
    // so a write that already took its stamp waits, and commits after writes stamped later.
    let held = 0;
    const delayer = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        while (!stop) {
          const id = pick();
          await client.query('BEGIN');
          if (rand(2) === 0) await client.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [id]);
          else await client.query('SELECT 1 FROM stock_changes WHERE account_id = $1 AND product_id = $2 FOR UPDATE', [account.accountId, id]);
          await sleep(5 + rand(60));
          await client.query('COMMIT');
          held++;
          await sleep(rand(10));
        }
      } finally {
        await client.end();
      }
    };

    // The puller: the desk's protocol (src/main/core/sync/pull.ts), into a copy of names and levels.
    const names = new Map<number, string>();
    const levels = new Map<number, number>();
    let productsSince: string | undefined;
    let quantitiesSince: string | undefined;
    let again = 0;
    let delivered = 0;
    const wentBack: string[] = [];
    const pull = async () => {
      let after = 0;
      let first: string | undefined;
      for (;;) {
        const r = await api.ok('getProduct', { filter: '%', after_id: after, ...(productsSince ? { updated_since: productsSince } : {}) });
        first ??= r.server_time;
        for (const p of r.products) {
          delivered++;
          if (names.get(p.id) === p.product_name) again++;
          names.set(p.id, p.product_name);
        }
        if (!r.more || r.products.length === 0) break;
        after = r.products.at(-1)!.id;
      }
      productsSince = first;
      after = 0;
      first = undefined;
      for (;;) {
        const r = await api.ok('getQuantities', { after_id: after, ...(quantitiesSince ? { updated_since: quantitiesSince } : {}) });
        first ??= r.server_time;
        const sums = new Map<number, number>();
        for (const row of r.stock) sums.set(row.product_id, (sums.get(row.product_id) ?? 0) + row.deliverable);
        for (const [id, level] of sums) {
          delivered++;
          const had = levels.get(id);
          if (had === level) again++;
          if (had !== undefined && level < had) wentBack.push(`product ${id}: ${had} → ${level}`);
          levels.set(id, level);
        }
        if (!r.more) break;
        after = r.last_id;
      }
      quantitiesSince = first;
    };
    let pulls = 0;
    const puller = async () => {
      while (!stop) {
        await pull();
        pulls++;
      }
    };

    const running = [...Array.from({ length: WRITERS }, writer), delayer(), delayer(), puller()];
    await sleep(RUN_MS);
    stop = true;
    await Promise.all(running);
    await pull();

    // The server's own rows.
    const serverNames = new Map((await store.all<{ id: number; name: string }>('SELECT id, product_name AS name FROM products WHERE account_id = ?', [account.accountId])).map((r) => [r.id, r.name]));
    const serverLevels = new Map((await store.all<{ id: number; q: number }>('SELECT product_id AS id, sum(qty_milli)::bigint AS q FROM stock_levels WHERE account_id = ? GROUP BY product_id', [account.accountId])).map((r) => [r.id, r.q / 1000]));
    console.log(`pullCursor.random: ${writes} writes, ${held} held rows, ${pulls} pulls, ${delivered} rows delivered, ${again} of them already in the copy`);
    expect(writes).toBeGreaterThan(50);
    expect(pulls).toBeGreaterThan(5);
    expect(wentBack).toEqual([]);
    const stale = ids.filter((id) => names.get(id) !== serverNames.get(id) || levels.get(id) !== serverLevels.get(id))
      .map((id) => `product ${id}: copy ${names.get(id)} / ${levels.get(id)}, server ${serverNames.get(id)} / ${serverLevels.get(id)}`);
    expect(stale).toEqual([]);
  }, 60_000);
});
