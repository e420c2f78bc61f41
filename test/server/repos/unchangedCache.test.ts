/**
 * Answers kept while the database is unchanged (repos/unchangedCache.ts), on a real SQLite file: no
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
const takeIn = async (d: Db, milli: number) => {
  const receipt = await insertReceipt(sqliteStore(d), accountId, { kind: 'takein', warehouseId, date: '2026-11-22' }, clock.now());
  await addMove(sqliteStore(d), accountId, receipt, { productId: PRODUCT, warehouseId, label: '', qtyMilli: milli });
};

describe('readWhileUnchanged', () => {
  it('answers from memory while nothing changed, and reads again after any write of this connection', () => {
    let reads = 0;
    const read = () => readWhileUnchanged(db, 'k', () => ++reads);
    expect([read(), read(), read()]).toEqual([1, 1, 1]);
    // A table the answer does not come from: everything is dropped all the same.
    db.prepare("UPDATE accounts SET name = name || '' WHERE id = ?").run(accountId);
    expect(read()).toBe(2);
    expect(read()).toBe(2);
  });

  it('drops its answers after a write that was rolled back', () => {
    let reads = 0;
    const read = () => readWhileUnchanged(db, 'k', () => ++reads);
    read();
    db.exec('BEGIN');
    db.prepare("UPDATE accounts SET name = 'x' WHERE id = ?").run(accountId);
    db.exec('ROLLBACK');
    expect(read()).toBe(2);
  });

  it('keeps nothing read inside a transaction, so rows of a batch that is rolled back are never served', () => {
    const before = onHandOf();
    const flushes: Array<() => void> = [];
    const gc = new GroupCommit(db, (f) => flushes.push(f));
    gc.run(() => takeIn(db, 5000));
    // Inside the open batch the read sees the uncommitted take-in, as SQLite does...
    expect(onHandOf()).toBe(before + 5000);
    // ...and when the batch is rolled back the answer read from it must not come back.
    db.exec('ROLLBACK');
    expect(onHandOf()).toBe(before);
  });

  it('serves the new stock level after a committed take-in', () => {
    const before = onHandOf();
    expect(onHandOf()).toBe(before);
    takeIn(db, 2500);
    expect(onHandOf()).toBe(before + 2500);
  });

  it('sees a commit by another connection within FOREIGN_POLL_MS', () => {
    let t = 10_000_000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => t);
    const other = openServerDb(dbPath);
    try {
      const before = onHandOf();
      takeIn(other, 1000);
      t += FOREIGN_POLL_MS - 1;
      // Within the interval the kept answer may still be served: that is the documented bound.
      expect(onHandOf()).toBe(before);
      t += 1;
      expect(onHandOf()).toBe(before + 1000);
    } finally {
      other.close();
      now.mockRestore();
    }
  });

  it('keeps at most MAX_KEPT_WEIGHT, forgetting the oldest first', () => {
    let reads = 0;
    for (let i = 0; i <= MAX_KEPT_WEIGHT; i++) readWhileUnchanged(db, `k${i}`, () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 1);
    readWhileUnchanged(db, `k${MAX_KEPT_WEIGHT}`, () => ++reads);
    readWhileUnchanged(db, 'k1', () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 1);
    readWhileUnchanged(db, 'k0', () => ++reads);
    expect(reads).toBe(MAX_KEPT_WEIGHT + 2);
  });

  it('weighs answers: a heavy one pushes out as many light ones as it weighs, and one too heavy is not kept', () => {
    let reads = 0;
    const light = (i: number) => readWhileUnchanged(db, `light${i}`, () => ++reads);
    for (let i = 0; i < MAX_KEPT_WEIGHT; i++) light(i);
    const heavy = () => readWhileUnchanged(db, 'heavy', () => ({ rows: ++reads }), () => MAX_ANSWER_WEIGHT);
    heavy();
    expect(heavy()).toEqual({ rows: MAX_KEPT_WEIGHT + 1 });
    reads = 0;
    light(MAX_ANSWER_WEIGHT);
    expect(reads).toBe(0);
    light(MAX_ANSWER_WEIGHT - 1);
    expect(reads).toBe(1);
    const tooHeavy = () => readWhileUnchanged(db, 'too heavy', () => ++reads, () => MAX_ANSWER_WEIGHT + 1);
    tooHeavy();
    tooHeavy();
    expect(reads).toBe(3);
  });

  it('keeps nothing when the read fails', () => {
    expect(() => readWhileUnchanged(db, 'k', () => {
      throw new Error('disk on fire');
    })).toThrow('disk on fire');
    expect(readWhileUnchanged(db, 'k', () => 'read')).toBe('read');
  });
});
