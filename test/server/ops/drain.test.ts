/**
 * Closing the server while a group commit is open (http/server.ts, db/sqlite/groupCommit.ts), or on
 * PostgreSQL while write transactions are open: every write already taken in is committed and
 * answered in full, the keep-alive connections are closed as their answers go out (close does not
 * wait out the keep-alive timeout), and nothing new is served.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { PgStore } from '@server/db/postgres/store';
import { groupCommitOf, type Batch } from '@server/db/sqlite/groupCommit';
import { levelMismatches } from '@server/repos/stock';
import { onPostgres, startTestServer, type TestServer } from '../../helpers/server';
import { until } from '../../helpers/wait';
import { product } from '../product/fixtures';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const WRITES = 40;

// SQLite only (onPostgres): group commit is the SQLite engine's; on PostgreSQL each write is a
// transaction of its own (the next describe).
describe.skipIf(onPostgres)('closing the server in the middle of a group commit', () => {
  it('commits and answers every write taken in, then stops', async () => {
    s = await startTestServer();
    const t = s;
    const id = await product(t);
    const gc = groupCommitOf(t.app.db);
    let taken = 0;
    t.app.server.on('request', () => taken++);
    const takeIn = (n: number) => t.call('setQuantity', { product_id: id, quantity: 1, contact_id: t.account.supplierContactId, warehouse: 'Default', request_id: `drain-${n}` });
    const before = taken;
    const writes = Array.from({ length: WRITES }, (_, n) => takeIn(n));

    // Once all of them are in, close at the first moment a batch is open (a batch stays open for two
    // turns of the event loop, so polling once a turn cannot miss it).
    const closed = new Promise<{ batch: Batch; ms: number }>((resolve, reject) => {
      const poll = () => {
        const batch = gc.current;
        if (taken - before < WRITES || !batch) return void setImmediate(poll);
        const started = Date.now();
        t.app.close().then(() => resolve({ batch, ms: Date.now() - started }), reject);
      };
      poll();
    });
    const answers = await Promise.all(writes);
    const { batch, ms } = await closed;
    // The batch open when closing began was committed, not abandoned.
    await expect(batch.done).resolves.toBeUndefined();
    expect(answers.map((a) => a.status)).toEqual(Array(WRITES).fill(200));
    expect(new Set(answers.map((a) => (a.ok ? a.result.receipt_id : 0))).size).toBe(WRITES);
    // The answered writes' keep-alive connections were closed with their answers, not after 5 s.
    expect(ms).toBeLessThan(2_000);
    expect(await fetch(`${t.url}/api/health`).then(() => 'served', (e: Error & { cause?: { code?: string } }) => e.cause?.code)).toBe('ECONNREFUSED');

    expect(t.app.db.inTransaction).toBe(false);
    expect(t.app.db.prepare('SELECT SUM(qty_milli) FROM stock_moves WHERE product_id = ?').pluck().get(id)).toBe(WRITES * 1000);
    expect(await levelMismatches(t.app.store)).toEqual([]);
    // s.close() closes the app again: closing twice is harmless.
  }, 60_000);
});

// PostgreSQL only: each write request is a transaction of its own on a pooled connection (db/directTransactions.ts).
describe.skipIf(!onPostgres)('closing the server on PostgreSQL with write transactions open', () => {
  it('commits and answers every write taken in, half-done none, then stops', async () => {
    s = await startTestServer();
    const t = s;
    const id = await product(t);
    const pool = (t.app.store as PgStore).pool;
    let taken = 0;
    t.app.server.on('request', () => taken++);
    // A second connection holds the product's row: every take-in waits inside its open transaction
    // (lockStock), or for a pooled connection behind those, while the server is told to close.
    const holder = await pool.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM products WHERE id = $1 FOR UPDATE', [id]);
    const takeIn = (n: number) => t.call('setQuantity', { product_id: id, quantity: 1, contact_id: t.account.supplierContactId, warehouse: 'Default', request_id: `pgdrain-${n}` });
    const before = taken;
    const writes = Array.from({ length: WRITES }, (_, n) => takeIn(n));
    const openWrites = async () => (await holder.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'",
    )).rows[0]!.n;
    await until('every write taken in and some waiting inside their transactions', async () => taken - before === WRITES && (await openWrites()) > 0, 20_000);
    const waiting = await openWrites();
    const started = Date.now();
    const closed = t.app.close().then(() => Date.now() - started);
    // Closing: nothing new is taken in; then the row is let go and the open writes finish.
    await until('the server to stop taking connections', () => fetch(`${t.url}/api/health`).then(() => false, () => true), 5_000);
    const late = await t.call('setQuantity', { product_id: id, quantity: 1, contact_id: t.account.supplierContactId, warehouse: 'Default', request_id: 'pgdrain-late' }).then(() => 'served', (e: Error & { cause?: { code?: string } }) => e.cause?.code);
    expect(late).toBe('ECONNREFUSED');
    await holder.query('COMMIT');
    holder.release();
    const answers = await Promise.all(writes);
    const ms = await closed;
    console.log(`PostgreSQL drain: ${WRITES} writes in flight, ${waiting} inside open transactions when closing began; closed ${ms} ms after`);

    expect(answers.map((a) => a.status)).toEqual(Array(WRITES).fill(200));
    const receipts = answers.map((a) => (a.ok ? a.result.receipt_id : 0));
    expect(new Set(receipts).size).toBe(WRITES);
    // Every answered write is committed whole: its receipt, its move, its level, its stored answer.
    const store = t.app.store;
    const moves = await store.all<{ receipt_id: number }>('SELECT receipt_id FROM stock_moves WHERE product_id = ? ORDER BY receipt_id', [id]);
    expect(moves.map((m) => m.receipt_id)).toEqual([...receipts].sort((a, b) => a - b));
    expect((await store.get<{ q: number }>('SELECT CAST(SUM(qty_milli) AS BIGINT) AS q FROM stock_levels WHERE product_id = ?', [id]))!.q).toBe(WRITES * 1000);
    const stored = await store.all<{ request_id: string }>("SELECT request_id FROM idempotency WHERE request_id LIKE 'pgdrain-%' ORDER BY request_id");
    expect(stored.map((r) => r.request_id)).toEqual(Array.from({ length: WRITES }, (_, n) => `pgdrain-${n}`).sort());
    expect(await levelMismatches(store)).toEqual([]);
    // No transaction of the server's is left open.
    expect((await store.get<{ n: number }>("SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'"))!.n).toBe(0);
  }, 60_000);
});
