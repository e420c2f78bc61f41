/**
 * The change feed on SQLite without the (tx, id) and at_s indexes PostgreSQL keeps (feed/migration.ts,
 * migration 13): its reads and its pruning go by rowid, never a scan of the table and a sort, and
 * pruning deletes only entries older than the retention. SQLite's own: PostgreSQL keeps both indexes
 * (test/server/postgres/baseline.test.ts) and reads by them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServerDb } from '@server/app';
import type { Db } from '@server/db/types';
import { sqliteStore } from '@server/db/sqlite/store';
import { head, readAll, SQLITE_HEAD, SQLITE_READ_ALL, START } from '@server/feed/read';
import { BATCH, pruneFeed, SQLITE_PRUNE } from '@server/feed/prune';
import { onPostgres } from '../helpers/server';

const DAY = 86_400;

describe.skipIf(onPostgres)('the change feed on SQLite (rowid order; PostgreSQL has its own indexes)', () => {
  let dir: string;
  let db: Db;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'sd-feed-sqlite-'));
    db = openServerDb(join(dir, 'server.db'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Entries as the triggers write them (tx 0), `ageDays` old each, in this order of ids. */
  const write = (ageDays: readonly number[]) => {
    const insert = db.prepare("INSERT INTO feed_changes (account_id, tx, at_s, kind, ref_id) VALUES (1, 0, unixepoch() - ?, 'stock', ?)");
    db.transaction(() => ageDays.forEach((d, i) => insert.run(Math.round(d * DAY), i + 1)))();
  };
  const ids = () => db.prepare('SELECT id FROM feed_changes ORDER BY id').pluck().all() as number[];
  const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 1)) as { detail: string }[]).map((r) => r.detail);

  it('keeps neither the (tx, id) nor the at_s index, and reads and prunes by rowid without sorting', () => {
    const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'feed_changes'").pluck().all();
    expect(names).toEqual(['feed_changes_account']);
    for (const sql of [SQLITE_READ_ALL, SQLITE_HEAD, SQLITE_PRUNE]) {
      const steps = plan(sql);
      expect({ sql, sorts: steps.filter((d) => d.includes('TEMP B-TREE')) }).toEqual({ sql, sorts: [] });
      expect({ sql, readsByRowid: steps.some((d) => /feed_changes USING INTEGER PRIMARY KEY|SCAN feed_changes$/.test(d)) }).toEqual({ sql, readsByRowid: true });
    }
  });

  it('reads every account’s entries after a position in commit order, and the head is the last entry', async () => {
    const store = sqliteStore(db);
    expect(await head(store)).toEqual(START);
    write([0, 0, 0, 0]);
    const all = ids();
    expect((await readAll(store, START, 10)).map((r) => r.id)).toEqual(all);
    expect((await readAll(store, { tx: 0, id: all[1]! }, 10)).map((r) => r.id)).toEqual(all.slice(2));
    expect((await readAll(store, { tx: 0, id: all[0]! }, 2)).map((r) => r.id)).toEqual(all.slice(1, 3));
    // Every SQLite entry has tx 0: nothing is after a position with another tx (as with the (tx, id) order).
    expect(await readAll(store, { tx: 5, id: 0 }, 10)).toEqual([]);
    expect(await head(store)).toEqual({ tx: 0, id: all.at(-1) });
  });

  it('prunes only entries older than the retention, also past a younger one (a clock set back)', async () => {
    write([8, 8, 8, 0, 8, 8, 6]);
    const before = ids();
    expect(await pruneFeed(sqliteStore(db), 7 * DAY)).toBe(5);
    expect(ids()).toEqual([before[3], before[6]]);
    expect(await pruneFeed(sqliteStore(db), 7 * DAY)).toBe(0);
  });

  it('looks at one batch of the oldest ids when one of them is young: old entries past it wait for a later pass', async () => {
    write([0, ...Array.from({ length: BATCH + 5 }, () => 9)]);
    const all = ids();
    expect(await pruneFeed(sqliteStore(db), 7 * DAY)).toBe(BATCH - 1);
    expect(ids()).toEqual([all[0], ...all.slice(BATCH)]);
  });

  it('prunes more than one batch in one call, and nothing younger', async () => {
    write([...Array.from({ length: BATCH * 2 + 10 }, () => 9), 1, 1]);
    const young = ids().slice(-2);
    expect(await pruneFeed(sqliteStore(db), 7 * DAY)).toBe(BATCH * 2 + 10);
    expect(ids()).toEqual(young);
  });
});
