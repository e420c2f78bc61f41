/**
 * Group commit on a real SQLite file: writes of one event-loop turn share a transaction, each in
 * its own savepoint; nothing answers before the COMMIT; a failed COMMIT leaves nothing behind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sqliteStore } from '@server/db/sqlite/store';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openServerDb } from '@server/app';
import { BatchRolledBack, GroupCommit, groupCommitOf, outsideBatch, RequestBatches, type Batch } from '@server/db/sqlite/groupCommit';

let dir: string;
let db: Database.Database;
let other: Database.Database;
let flushes: Array<() => void>;
let gc: GroupCommit;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stockdesk-groupcommit-'));
  db = new Database(join(dir, 'g.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
    CREATE TABLE parents (id INTEGER PRIMARY KEY);
    CREATE TABLE children (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED);`);
  other = new Database(join(dir, 'g.db'), { readonly: true });
  flushes = [];
  // The flush runs when the test says so: "the end of the event-loop turn" made explicit.
  gc = new GroupCommit(sqliteStore(db), (f) => flushes.push(f));
});
afterEach(() => {
  other.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const add = (text: string) => async () => Number(db.prepare('INSERT INTO notes (text) VALUES (?)').run(text).lastInsertRowid);
const committedTexts = () => (other.prepare('SELECT text FROM notes ORDER BY id').pluck().all() as string[]);
const flush = () => flushes.splice(0).forEach((f) => f());
const outcome = (b: Batch | null) => b!.done.then(() => 'committed', (e: unknown) => `rolled back: ${(e as Error).message}`);

describe('GroupCommit', () => {
  it('runs the writes of one turn in one transaction that commits once, at the flush', async () => {
    const a = await gc.run(add('first'));
    const b = await gc.run(add('second'));
    expect(a.batch).not.toBeNull();
    expect(b.batch).toBe(a.batch);
    expect([a.result, b.result]).toEqual([1, 2]);
    expect(flushes).toHaveLength(1);
    // Another connection sees nothing before the COMMIT…
    expect(committedTexts()).toEqual([]);
    expect(gc.current).toBe(a.batch);
    flush();
    await expect(outcome(a.batch)).resolves.toBe('committed');
    // …and everything after it.
    expect(committedTexts()).toEqual(['first', 'second']);
    expect(gc.current).toBeNull();
    expect(db.inTransaction).toBe(false);
    const next = await gc.run(add('third'));
    expect(next.batch).not.toBe(a.batch);
    flush();
    await next.batch!.done;
    expect(committedTexts()).toEqual(['first', 'second', 'third']);
  });

  it('undoes a write that fails on its own and commits the rest of the batch', async () => {
    const a = await gc.run(add('kept'));
    await expect(gc.run(async () => {
      await add('undone')();
      throw new Error('refused by a business rule');
    })).rejects.toThrow('refused by a business rule');
    const c = await gc.run(add('also kept'));
    flush();
    await c.batch!.done;
    expect(a.batch).toBe(c.batch);
    expect(committedTexts()).toEqual(['kept', 'also kept']);
  });

  it('rolls the whole batch back when the COMMIT fails, tells every request, and forgets caches', async () => {
    let forgotten = 0;
    gc.onRollback(() => forgotten++);
    const innocent = await gc.run(add('innocent'));
    // A deferred foreign key is checked only at COMMIT: the one way to make a COMMIT fail on demand.
    const culprit = await gc.run(async () => db.prepare('INSERT INTO children (parent_id) VALUES (?)').run(404));
    flush();
    await expect(outcome(innocent.batch)).resolves.toMatch(/^rolled back: FOREIGN KEY constraint failed/);
    expect(culprit.batch).toBe(innocent.batch);
    expect(committedTexts()).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM notes').pluck().get()).toBe(0);
    expect(db.inTransaction).toBe(false);
    expect(forgotten).toBe(1);
    // The connection is usable at once.
    const after = await gc.run(add('after the failure'));
    flush();
    await after.batch!.done;
    expect(committedTexts()).toEqual(['after the failure']);
  });

  it('inside a transaction someone else opened, runs nested in it with no batch to wait for', async () => {
    db.exec('BEGIN');
    const r = await gc.run(add('nested'));
    expect(r.batch).toBeNull();
    expect(flushes).toHaveLength(0);
    db.exec('COMMIT');
    expect(committedTexts()).toEqual(['nested']);
  });

  it('rejects the batch instead of throwing when the database closed before the flush', async () => {
    const r = await gc.run(add('late'));
    db.close();
    flush();
    await expect(outcome(r.batch)).resolves.toMatch(/closed before the batch committed/);
    db = new Database(join(dir, 'g.db'));
  });
});

describe('RequestBatches', () => {
  it('has nothing to wait for when no batch was open while the request ran', () => {
    const rb = new RequestBatches(gc);
    rb.note();
    expect(rb.settled()).toBeUndefined();
  });

  it('waits for every batch it ran in, and runs what waited for the commit only at finish', async () => {
    const rb = new RequestBatches(gc);
    const woken: string[] = [];
    await rb.run(add('one'));
    rb.afterCommit(() => woken.push('mail'));
    flush();
    await rb.run(add('two'));
    rb.note();
    flush();
    await rb.settled();
    expect(committedTexts()).toEqual(['one', 'two']);
    expect(woken).toEqual([]);
    rb.finish();
    expect(woken).toEqual(['mail']);
  });

  it('a reader that ran inside an open batch learns when that batch is rolled back', async () => {
    await gc.run(async () => db.prepare('INSERT INTO children (parent_id) VALUES (?)').run(404));
    const reader = new RequestBatches(gc);
    reader.note();
    flush();
    const err = await reader.settled()!.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BatchRolledBack);
  });
});

describe('RequestBatches across an await', () => {
  it('counts every batch begun while the request was between enter and leave, and none after', async () => {
    const request = new RequestBatches(gc);
    request.enter();
    // While the request awaits (a download), another request's write opens a batch that fails.
    await gc.run(async () => db.prepare('INSERT INTO children (parent_id) VALUES (404)').run());
    flush();
    request.leave();
    // A batch begun after leave is none of its business.
    await gc.run(add('later'));
    const err = await request.settled()!.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BatchRolledBack);
    flush();
    const idle = new RequestBatches(gc);
    idle.enter();
    idle.leave();
    idle.leave();
    await gc.run(add('after both left'));
    expect(idle.settled()).toBeUndefined();
    flush();
    expect(committedTexts()).toEqual(['later', 'after both left']);
  });
});

describe('outsideBatch', () => {
  it('resolves at once with no batch open, and only after the COMMIT while one is', async () => {
    await outsideBatch(sqliteStore(db));
    const shared = groupCommitOf(db);
    await shared.run(add('in a batch'));
    let through = false;
    const waiting = outsideBatch(sqliteStore(db)).then(() => {
      through = true;
      // What runs here sees only committed rows and writes outside any batch.
      expect(shared.current).toBeNull();
      expect(committedTexts()).toEqual(['in a batch']);
    });
    await Promise.resolve();
    expect(through).toBe(false);
    await waiting;
    expect(through).toBe(true);
  });
});

describe('the default schedule', () => {
  it('keeps the batch open through the next turn, so a write that arrives then shares its COMMIT, and commits without a timer', async () => {
    const shared = groupCommitOf(db);
    const before = { ...shared.stats };
    const first = await shared.run(add('first turn'));
    // Queued behind the group commit's own callback: under a one-turn schedule the batch would
    // already be committed when this runs, and the write would open a batch of its own.
    const second = await new Promise<Awaited<ReturnType<GroupCommit['run']>>>((resolve) => setImmediate(() => resolve(shared.run(add('next turn')))));
    expect(second.batch).toBe(first.batch);
    expect(committedTexts()).toEqual([]);
    await expect(outcome(first.batch)).resolves.toBe('committed');
    expect(committedTexts()).toEqual(['first turn', 'next turn']);
    expect(shared.stats).toEqual({ batches: before.batches + 1, writes: before.writes + 2 });
    // A lone write is committed two passes of the loop later.
    const lone = await shared.run(add('alone'));
    await new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    expect(shared.current).toBeNull();
    await expect(outcome(lone.batch)).resolves.toBe('committed');
    expect(committedTexts()).toEqual(['first turn', 'next turn', 'alone']);
  });
});

describe("the server's connection", () => {
  it('keeps savepoint journals in memory, and a failed write that rewrote more than 64 KiB of the batch’s pages is undone alone', async () => {
    // Past 64 KiB SQLite would spill a savepoint's journal to a temporary file, a write() per page (issue 16).
    const server = openServerDb(join(dir, 'server.db'));
    try {
      expect(server.pragma('temp_store', { simple: true })).toBe(2);
      server.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
      const shared = new GroupCommit(sqliteStore(server), (f) => flushes.push(f));
      const page = 'x'.repeat(3000);
      const first = await shared.run(async (tx) => {
        for (let i = 0; i < 60; i++) await tx.run('INSERT INTO pages (id, body) VALUES (?, ?)', [i, page]);
      });
      // Every page the first write changed, changed again and then undone.
      await expect(shared.run(async (tx) => {
        await tx.run("UPDATE pages SET body = body || 'y'");
        throw new Error('refused');
      })).rejects.toThrow('refused');
      await shared.run(async (tx) => {
        await tx.run('UPDATE pages SET body = ? WHERE id = 0', ['kept']);
      });
      flush();
      await expect(outcome(first.batch)).resolves.toBe('committed');
      expect(server.prepare("SELECT count(*) FROM pages WHERE body LIKE '%y'").pluck().get()).toBe(0);
      expect(server.prepare('SELECT body FROM pages WHERE id = 0').pluck().get()).toBe('kept');
      expect(server.prepare('SELECT count(*) FROM pages').pluck().get()).toBe(60);
    } finally {
      server.close();
    }
  });
});
