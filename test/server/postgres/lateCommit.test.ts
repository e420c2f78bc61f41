/**
 * Incremental pulls never skip a change that commits late (issue 16). On PostgreSQL a write stamps
 * its rows with the time it read when it began, and commits whenever it is done: a write stamped
 * at t1 can commit after a write stamped at t2 > t1, and a desk that pulled between the two commits
 * got a server_time past t1 and would never ask for it again. Each test here holds one write open
 * (a second connection holds a row lock the write needs after it took its stamp), commits another,
 * pulls, lets the first commit, and pulls again from the cursor the first pull returned.
 * PostgreSQL by nature: it starts the test cluster whatever STOCKDESK_TEST_ENGINE says.
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type App } from '@server/app';
import { openPostgres, type PgStore } from '@server/db/postgres';
import { runAdmin } from '@server/admin/commands';
import { seedDemo, type DemoAccount } from '@server/demo/seed';
import { DEMO_KEYS, TestClock, testClient, type TestServer } from '../../helpers/server';
import { createTestDatabase, dropTestDatabase } from '../../helpers/postgres';
import { until } from '../../helpers/wait';
import { product, stock } from '../product/fixtures';

let url: string;
let store: PgStore;
let app: App;
let account: DemoAccount;
const clock = new TestClock();
let s: TestServer;

beforeAll(async () => {
  url = await createTestDatabase();
  store = await openPostgres({ url, poolSize: 6 });
  account = (await seedDemo(store, clock, DEMO_KEYS)).account;
  app = await startServer({ store, clock, log: pino({ level: 'silent' }), config: { port: 0 } });
  // The product fixtures need the calls, the account and the clock of a test server.
  s = { ...testClient(app.url), account, clock, app } as unknown as TestServer;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await store?.close();
  if (url) await dropTestDatabase(url);
});

/** A second connection holding row locks in an open transaction: what makes a write commit late. */
async function holdLock(lockSql: string, params: unknown[]): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(lockSql, params);
  return {
    async release() {
      await client.query('COMMIT');
      await client.end();
    },
  };
}

/** Resolves once some statement of this database waits for a lock (the held write has taken its stamp). */
async function someoneWaitsForALock(): Promise<void> {
  await until('the held write to wait for the row lock', async () => {
    const r = await store.get<{ n: number }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
    return r!.n > 0;
  }, 10_000);
}

describe('a write that commits late is in the next incremental pull', () => {
  it('getQuantities updated_since', async () => {
    const late = await product(s);
    const other = await product(s);
    await stock(s, late, 1);
    await stock(s, other, 1);
    clock.advance(60_000);
    const since = clock.now().toISOString();
    // The late write takes its stamp, then waits for its product's change row (trigger stock_moves_level_ai).
    const lock = await holdLock('SELECT 1 FROM stock_changes WHERE account_id = $1 AND product_id = $2 FOR UPDATE', [account.accountId, late]);
    clock.advance(60_000);
    const lateWrite = stock(s, late, 5);
    await someoneWaitsForALock();
    clock.advance(60_000);
    await stock(s, other, 2);
    const first = await s.ok('getQuantities', { after_id: 0, updated_since: since });
    expect(first.stock.map((r) => r.product_id)).toEqual([other]);
    await lock.release();
    await lateWrite;
    // The server's own state: the late change is committed, stamped before the first pull's cursor.
    const row = await store.get<{ changed_at: string }>('SELECT changed_at FROM stock_changes WHERE account_id = ? AND product_id = ?', [account.accountId, late]);
    expect(row!.changed_at < clock.now().toISOString()).toBe(true);
    const second = await s.ok('getQuantities', { after_id: 0, updated_since: first.server_time });
    expect(second.stock.filter((r) => r.product_id === late)).toEqual([{ product_id: late, warehouse: 'Default', stock_label: '', deliverable: 6 }]);
  });

  it('getProduct updated_since', async () => {
    const late = await product(s);
    const other = await product(s);
    clock.advance(60_000);
    const since = clock.now().toISOString();
    // The late write takes its stamp, then waits for the product's row (its UPDATE).
    const lock = await holdLock('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [late]);
    clock.advance(60_000);
    const lateWrite = s.ok('setProduct', { id: late, product_name: 'Későn véglegesített', currency: 'HUF', vat: 27, unit: 'db' });
    await someoneWaitsForALock();
    clock.advance(60_000);
    await s.ok('setProduct', { id: other, product_name: 'Közben módosított', currency: 'HUF', vat: 27, unit: 'db' });
    const first = await s.ok('getProduct', { filter: '%', after_id: 0, updated_since: since });
    expect(first.products.map((p) => p.id)).toEqual([other]);
    await lock.release();
    await lateWrite;
    const row = await store.get<{ product_name: string }>('SELECT product_name FROM products WHERE id = ?', [late]);
    expect(row!.product_name).toBe('Későn véglegesített');
    const second = await s.ok('getProduct', { filter: '%', after_id: 0, updated_since: first.server_time });
    expect(second.products.filter((p) => p.id === late).map((p) => p.product_name)).toEqual(['Későn véglegesített']);
  });

  it('crm.getContacts updated_since (a contact the admin command adds)', async () => {
    clock.advance(60_000);
    const since = clock.now().toISOString();
    // The contact's row is written with its stamp; its foreign key check then waits for the account's row.
    const lock = await holdLock('SELECT 1 FROM accounts WHERE id = $1 FOR UPDATE', [account.accountId]);
    clock.advance(60_000);
    const lateWrite = runAdmin(store, ['contact', 'add', '--account', String(account.accountId), '--name', 'Késő Partner Kft.'], clock.now()) as Promise<{ contact_id: number }>;
    await someoneWaitsForALock();
    clock.advance(60_000);
    const first = await s.ok('getContacts', { after_id: 0, updated_since: since });
    expect(first.contacts).toEqual([]);
    await lock.release();
    const { contact_id: late } = await lateWrite;
    const second = await s.ok('getContacts', { after_id: 0, updated_since: first.server_time });
    expect(second.contacts.map((c) => c.id)).toEqual([late]);
  });

  it('crm.getContacts: a contact stamped in the same millisecond as the cursor', async () => {
    clock.advance(60_000);
    const first = await s.ok('getContacts', { after_id: 0, updated_since: clock.now().toISOString() });
    const { contact_id: id } = (await runAdmin(store, ['contact', 'add', '--account', String(account.accountId), '--name', 'Egyidejű Bt.'], clock.now())) as { contact_id: number };
    const second = await s.ok('getContacts', { after_id: 0, updated_since: first.server_time });
    expect(second.contacts.map((c) => c.id)).toEqual([id]);
  });
});
