/**
 * Answers kept while the database is unchanged (db/sqlite/unchangedCache.ts), on a real SQLite file: no
 * write, committed or rolled back, by this connection or (within the poll interval) another, may
 * leave an old answer in place, and nothing read inside a transaction is kept.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@sqlite/types';
import { seedDemo } from '@server/demo/seed';
import { FOREIGN_POLL_MS } from '@server/db/sqlite/dataVersion';
import { GroupCommit } from '@server/db/sqlite/groupCommit';
import { addMove, insertReceipt, stockByWarehouse } from '@server/repos/stock';
import { MAX_ANSWER_WEIGHT, MAX_KEPT_WEIGHT, readWhileUnchanged } from '@server/db/sqlite/unchangedCache';
import { DEMO_KEYS, TestClock } from '../../helpers/server';
import { sqliteStore } from '@server/db/sqlite/store';
import type { Sql } from '@server/db/sql';

let dir: string;
let dbPath: string;
let db: Db;
let accountId: number;
let warehouseId: number;
const clock = new TestClock();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-unchanged-'));
  dbPath = join(dir, 'server.db');
  db = openServerDb(dbPath);
  accountId = (await seedDemo(db, clock, DEMO_KEYS)).account.accountId;
  warehouseId = db.prepare("SELECT id FROM warehouses WHERE account_id = ? AND name = 'Default'").pluck().get(accountId) as number;
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const PRODUCT = 1;
const onHandOf = async (d: Db = db) => (await stockByWarehouse(sqliteStore(d), accountId, PRODUCT, warehouseId, null))![0]!.onHand;
const takeIn = async (sql: Sql, milli: number) => {
  const receipt = await insertReceipt(sql, accountId, { kind: 'takein', warehouseId, date: '2026-11-22' }, clock.now());
  await addMove(sql, accountId, receipt, { productId: PRODUCT, warehouseId, label: '', qtyMilli: milli });
};
const kept = <V>(key: string, read: () => V, weigh?: (v: V) => number) => readWhileUnchanged(sqliteStore(db), key, async () => read(), weigh);

describe('readWhileUnchanged', () => {
  it('answers from memory while nothing changed, and reads again after any write of this connection', async () => {
    let reads = 0;
    const read = () => kept('k', () => ++reads);
    expect([await read(), await read(), await read()]).toEqual([1, 1, 1]);
    // A table the answer does not come from: everything is dropped all the same.
    db.prepare("UPDATE accounts SET name = name || '' WHERE id = ?").run(accountId);
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it('drops its answers after a write that was rolled back', async () => {
    let reads = 0;
    const read = () => kept('k', () => ++reads);
    await read();
    db.exec('BEGIN');
    db.prepare("UPDATE accounts SET name = 'x' WHERE id = ?").run(accountId);
    db.exec('ROLLBACK');
    expect(await read()).toBe(2);
  });

  it('keeps nothing read inside a transaction, so rows of a batch that is rolled back are never served', async () => {
    const before = await onHandOf();
    const flushes: Array<() => void> = [];
    const gc = new GroupCommit(sqliteStore(db), (f) => flushes.push(f));
    await gc.run((tx) => takeIn(tx, 5000));
    // Inside the open batch the read sees the uncommitted take-in, as SQLite does...
    expect(await onHandOf()).toBe(before + 5000);
    // ...and when the batch is rolled back the answer read from it must not come back.
    db.exec('ROLLBACK');
    expect(await onHandOf()).toBe(before);
  });

  it('serves the new stock level after a committed take-in', async () => {
    const before = await onHandOf();
    expect(await onHandOf()).toBe(before);
    await takeIn(sqliteStore(db), 2500);
    expect(await onHandOf()).toBe(before + 2500);
  });

  it('sees a commit by another connection within FOREIGN_POLL_MS', async () => {
    let t = 10_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    const other = openServerDb(dbPath);
    try {
      const before = await onHandOf();
      await takeIn(sqliteStore(other), 1000);
      t += FOREIGN_POLL_MS - 1;
      // Within the interval the kept answer may still be served: that is the documented bound.
      expect(await onHandOf()).toBe(before);
      t += 1;
      expect(await onHandOf()).toBe(before + 1000);
    } finally {
      other.close();
      now.mockRestore();
    }
  });

  it('keeps at most MAX_KEPT_WEIGHT, forgetting the oldest first', async () => {
    let reads = 0;
    for (let i = 0; i <= MAX_KEPT_WEIGHT; i++) await kept(`k${i}`, () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 1);
    await kept(`k${MAX_KEPT_WEIGHT}`, () => ++reads);
    await kept('k1', () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 1);
    await kept('k0', () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 2);
  });

  it('weighs answers: a heavy one pushes out as many light ones as it weighs, and one too heavy is not kept', async () => {
    let reads = 0;
    const light = (i: number) => kept(`light${i}`, () => ++reads);
    for (let i = 0; i < MAX_KEPT_WEIGHT; i++) await light(i);
    const heavy = () => kept('heavy', () => ({ rows: ++reads }), () => MAX_ANSWER_WEIGHT);
    await heavy();
    expect(await heavy()).toEqual({ rows: MAX_KEPT_WEIGHT + 1 });
    reads = 0;
    await light(MAX_ANSWER_WEIGHT);
    expect(reads).toBe(0);
    await light(MAX_ANSWER_WEIGHT - 1);
    expect(reads).toBe(1);
    const tooHeavy = () => kept('too heavy', () => ++reads, () => MAX_ANSWER_WEIGHT + 1);
    await tooHeavy();
    await tooHeavy();
    expect(reads).toBe(3);
  });

  it('keeps nothing when the read fails', async () => {
    await expect(kept('k', () => {
      throw new Error('disk on fire');
    })).rejects.toThrow('disk on fire');
    expect(await kept('k', () => 'read')).toBe('read');
  });
});
