/**
 * The change feed across two server instances on one PostgreSQL database (issue 17): a write on
 * instance A reaches a stream on instance B (LISTEN/NOTIFY), and an entry of a transaction that
 * commits late is neither skipped nor handed out before the transactions below it finished.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import { DEFAULT_FEED } from '@server/config';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { openFeedReader } from '../../helpers/feed';

let url: string;
const stores: PgStore[] = [];
const apps: App[] = [];
let account: DemoAccount;
let a: Pick<TestServer, 'call' | 'ok'>;
let b: Pick<TestServer, 'call' | 'ok'>;

// The timed poll is slowed down so that only NOTIFY can carry a change across in time.
const feed = { ...DEFAULT_FEED, maxPerAccount: 16, pollMs: 60_000 };

beforeAll(async () => {
  url = await createTestDatabase();
  const clock = new TestClock();
  for (let i = 0; i < 3; i++) stores.push(await openPostgres({ url, poolSize: 4, applicationName: `stockdesk-feed-${i}` }));
  account = (await seedDemo(stores[0]!, clock, DEMO_KEYS)).account;
  for (const store of stores.slice(0, 2)) apps.push(await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0, feed } }));
  a = testClient(apps[0]!.url);
  b = testClient(apps[1]!.url);
}, 60_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const store of stores) await store.close();
  if (url) await dropTestDatabase(url);
});

const ready = (events: { event: string }[]) => events.some((e) => e.event === 'ready');
const newProduct = async (on: typeof a, name: string) => (await on.ok('setProduct', { product_name: name, currency: 'HUF', vat: 27, unit: 'db', list_price: 10 })).id;

describe('the change feed on two instances', () => {
  it('a write on instance A reaches a stream on instance B within a second, and one on B reaches A', async () => {
    const onB = await openFeedReader(apps[1]!.url, DEMO_KEYS);
    const onA = await openFeedReader(apps[0]!.url, DEMO_KEYS);
    await onB.until(ready);
    await onA.until(ready);
    const started = Date.now();
    const p = await newProduct(a, 'Innen A-ról');
    await a.ok('setQuantity', { product_id: p, quantity: 4, contact_id: account.supplierContactId, warehouse: 'Default' });
    await onB.until(() => onB.changes().some((c) => c.kind === 'stock' && c.product_id === p), 1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const q = await newProduct(b, 'Innen B-ről');
    await onA.until(() => onA.changes().some((c) => c.kind === 'product' && c.product_id === q), 1_000);
    // Both streams carry the same entries with the same positions.
    await onB.until(() => onB.changes().some((c) => c.kind === 'product' && c.product_id === q), 1_000);
    const ids = (r: typeof onA) => r.changes().map((c) => c.id);
    expect(ids(onA)).toEqual(ids(onB));
    onA.close();
    onB.close();
  });

  it('holds back an entry behind a transaction still open, then hands out both in commit order, none skipped', async () => {
    const onB = await openFeedReader(apps[1]!.url, DEMO_KEYS);
    await onB.until(ready);
    const p = await newProduct(a, 'Későn');
    await onB.until(() => onB.changes().some((c) => c.kind === 'product' && c.product_id === p), 2_000);
    const seen = onB.changes().length;
    // A transaction takes its id (and a lower feed entry) first, and commits last.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let lateStarted!: () => void;
    const started = new Promise<void>((r) => (lateStarted = r));
    const late = stores[2]!.transaction(async (tx) => {
      await tx.run('UPDATE products SET product_name = ? WHERE id = ?', ['Későn (átnevezve)', p]);
      lateStarted();
      await gate;
    });
    await started;
    let q: number;
    try {
      q = await newProduct(b, 'Korán');
      // The early commit's entry must wait: handing it out would move the desk's position past the late one.
      await new Promise((r) => setTimeout(r, 400));
      expect(onB.changes().slice(seen)).toEqual([]);
    } finally {
      release();
      await late;
    }
    // No NOTIFY is needed for the held entry: the late commit notifies.
    await onB.until(() => onB.changes().some((c) => c.kind === 'product' && c.product_id === q), 2_000);
    await onB.until(() => onB.changes().some((c) => c.kind === 'product' && c.product_id === p), 2_000);
    const after = onB.changes().slice(seen);
    // The rename (its transaction began first, so its position is lower) comes before the new product.
    expect(after.map((c) => (c.kind === 'product' ? c.product_id : 0))).toEqual([p, q]);
    // A desk resuming from just before them (on the other instance) gets both, once.
    const from = onB.changes()[seen - 1]!.id;
    const again = await openFeedReader(apps[0]!.url, DEMO_KEYS, from);
    await again.until(ready);
    expect(again.changes().map((c) => c.id)).toEqual(after.map((c) => c.id));
    again.close();
    onB.close();
  });
});
