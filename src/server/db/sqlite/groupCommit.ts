/**
 * Group commit. A SQLite commit costs more than the statements before it — it writes every page
 * the transaction changed to the WAL, ~2.5 µs plus ~3.7 µs a page here, more than the statement
 * that changed the page — and writers that arrive together change the same pages (the ledger's last leaf,
 * its indexes). So the writes that run in two turns of the event loop share one transaction: each
 * in its own savepoint, so a request that fails is undone alone, and one COMMIT when the second
 * turn's I/O callbacks are done (`twoTurns`), before any of them answers.
 *
 * What every caller must keep to: a request that may have run a statement while a batch was open
 * may have seen that batch's uncommitted rows, so it answers only after the batch committed
 * (`RequestBatches.settled`), and when the COMMIT fails every request of the batch answers with an
 * error and nothing of the batch remains. Whatever leaves the process (e-mail) waits for the commit
 * too (`afterCommit`); work outside requests stays out of open batches (`outsideBatch`).
 */
import type { Db } from '../types';
import type { Sql, Store } from '../sql';
import { runNow, savepoint, sqliteDb, sqliteStore, type SqliteStore } from './store';
import { transactionRolledBack } from './statements';

export interface Batch {
  /** Resolves once the batch committed; rejects with the reason when it was rolled back. */
  readonly done: Promise<void>;
}

interface OpenBatch extends Batch {
  resolve(): void;
  reject(e: unknown): void;
}

type Schedule = (flush: () => void) => void;

/**
 * The batch stays open through the turn after the one that opened it, so the writes that clients
 * send in reply to the previous batch's answers join it rather than wait for a COMMIT of their own:
 * with 8 concurrent writers, ~4.5 writes shared a COMMIT when it came at the end of the first turn.
 * A lone writer waits one more pass of an idle loop (microseconds), not a timer.
 */
const twoTurns: Schedule = (flush) => setImmediate(() => setImmediate(flush));

export class GroupCommit {
  private open: OpenBatch | null = null;
  /** Batches begun and writes run in them: writes / batches is how much committing was shared. */
  readonly stats = { batches: 0, writes: 0 };
  private readonly failedListeners: Array<() => void> = [];
  /** Requests between their first and last possible statement: every batch begun meanwhile may hold rows they read. */
  private readonly active = new Set<RequestBatches>();

  private readonly db: Db;

  constructor(
    private readonly store: SqliteStore,
    private readonly schedule: Schedule = twoTurns,
  ) {
    this.db = store.db;
  }

  /** The batch open now, if any. */
  get current(): Batch | null {
    return this.open;
  }

  /** A request may run statements from now on until `leave`. */
  enter(request: RequestBatches): void {
    this.active.add(request);
  }

  leave(request: RequestBatches): void {
    this.active.delete(request);
  }

  /** Called after a batch was rolled back: in-memory caches that may hold its rows must forget them. */
  onRollback(listener: () => void): void {
    this.failedListeners.push(listener);
  }

  /**
   * Runs fn in a savepoint of the open batch (opening one when none is) and returns what it
   * returned with the batch it belongs to. Inside a transaction someone else opened, fn simply
   * runs nested in it and there is no batch to wait for.
   *
   * Why async is safe on the one connection: the savepoint is opened, used and released while
   * this holds the connection's gate (gate.ts), so no other request's statement runs between
   * SAVEPOINT and RELEASE, and the batch's COMMIT waits for the gate too (`flush`).
   */
  async run<T>(fn: (tx: Sql) => Promise<T>): Promise<{ result: T; batch: Batch | null }> {
    return this.store.exclusive(async () => {
      if (!this.open && this.db.inTransaction) return { result: await savepoint(this.db, fn), batch: null };
      const batch = this.open ?? this.begin();
      this.stats.writes++;
      return { result: await savepoint(this.db, fn), batch };
    });
  }

  private begin(): OpenBatch {
    runNow(this.db, 'BEGIN IMMEDIATE');
    this.stats.batches++;
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A batch nobody waits for (every request in it failed on its own) must not be an unhandled rejection.
    done.catch(() => {});
    const batch: OpenBatch = { done, resolve, reject };
    this.open = batch;
    // A request that is awaiting something (a download) may read in this batch when it resumes.
    for (const request of this.active) request.note(batch);
    this.schedule(() => this.flush(batch));
    return batch;
  }

  private flush(batch: OpenBatch): void {
    if (this.open !== batch) return;
    // A savepoint open now (it would have to outlive a turn, which gate.ts forbids) is waited for:
    // COMMIT must not take half of a request's writes.
    if (this.store.gate.busy) void this.store.exclusive(() => this.commit(batch));
    else this.commit(batch);
  }

  private commit(batch: OpenBatch): void {
    if (this.open !== batch) return;
    this.open = null;
    if (!this.db.open) {
      batch.reject(new Error('The database was closed before the batch committed.'));
      return;
    }
    try {
      runNow(this.db, 'COMMIT');
    } catch (e) {
      // Every request of the batch is waiting: whatever else fails here, they must all hear of it,
      // and nothing may escape into the setImmediate callback (it would end the process).
      try {
        // COMMIT can fail and leave the transaction open (a deferred constraint, a full disk).
        if (this.db.inTransaction) this.db.exec('ROLLBACK');
      } catch {
        // The next statement on the connection reports its state; the batch is lost either way.
      }
      for (const l of [...this.failedListeners, () => transactionRolledBack(this.db)]) {
        try {
          l();
        } catch {
          // A cache that cannot forget is still only a cache; the requests must be told.
        }
      }
      batch.reject(e);
      return;
    }
    batch.resolve();
  }
}

/**
 * Keeps the connection's savepoint and statement journals in memory (`temp_store = MEMORY`). Every
 * write of a batch runs in a savepoint, and each page it changes that an earlier write of the batch
 * had already changed is first copied into the savepoint's sub-journal. SQLite keeps that journal in
 * memory only up to 64 KiB; past that it spills to a temporary file, a write() per page. A stock write
 * changes ~15 pages since the change feed, the audit line and the history indexes (issue 16: 12 write
 * calls and 28 KiB per setQuantity, 4.8 and 10 KiB with this; system time ~50 → ~25 µs). The journals
 * are dropped at RELEASE and never need to survive a crash (the WAL holds what committed). What else
 * becomes memory-only: temporary tables (the server makes none) and large sorts' spill files, which the
 * server's bounded pages keep small.
 */
export function keepJournalsInMemory(db: Db): void {
  db.pragma('temp_store = MEMORY');
}

const instances = new WeakMap<Db, GroupCommit>();

/** The connection's group commit (one per connection: the batch is the connection's transaction). */
export function groupCommitOf(db: Db): GroupCommit {
  let gc = instances.get(db);
  if (!gc) instances.set(db, (gc = new GroupCommit(sqliteStore(db))));
  return gc;
}

/** Raised to a request whose batch was rolled back at COMMIT: none of its changes remain. */
export class BatchRolledBack extends Error {
  constructor(readonly reason: unknown) {
    super('the group commit this request ran in was rolled back');
  }
}

/**
 * What one request ran in: every batch open at any moment between `enter` and `leave` (it may have
 * read that batch's rows, even across an await), and what must wait for them (`afterCommit`). A
 * request with no batch answers at once, without an await.
 */
export class RequestBatches {
  private readonly batches: Batch[] = [];
  private readonly afters: Array<() => void> = [];
  private entered = false;

  constructor(private readonly gc: GroupCommit) {}

  /** From here on the request may run statements. */
  enter(): void {
    this.entered = true;
    this.gc.enter(this);
    this.note();
  }

  /** The request runs no more statements (safe to call more than once, or without `enter`). */
  leave(): void {
    if (!this.entered) return;
    this.entered = false;
    this.gc.leave(this);
  }

  /** Records a batch the request may have run statements in (by default the one open now). */
  note(batch: Batch | null = this.gc.current): void {
    if (batch && !this.batches.includes(batch)) this.batches.push(batch);
  }

  async run<T>(fn: (tx: Sql) => Promise<T>, opening?: string): Promise<T> {
    const { result, batch } = await this.gc.run(async (tx) => {
      if (opening) await tx.run(opening);
      return fn(tx);
    });
    this.note(batch);
    return result;
  }

  afterCommit(fn: () => void): void {
    this.afters.push(fn);
  }

  /** Undefined when there is nothing to wait for; else resolves when every batch committed, or rejects with BatchRolledBack. */
  settled(): Promise<void> | undefined {
    if (this.batches.length === 0) return undefined;
    return Promise.all(this.batches.map((b) => b.done)).then(
      () => undefined,
      (e: unknown) => {
        throw new BatchRolledBack(e);
      },
    );
  }

  /** Runs what waited for the commit (after `settled`, whatever its outcome: it only wakes workers). */
  finish(): void {
    for (const f of this.afters.splice(0)) f();
  }
}

/**
 * Resolves once no batch is open on the connection (at once when none is). Work outside requests
 * (the mail worker) awaits it before touching the database, so it neither reads a batch's
 * uncommitted rows nor writes into a batch that may still be rolled back.
 */
export async function outsideBatch(sql: Sql): Promise<void> {
  const db = sqliteDb(sql);
  if (!db) return;
  for (let b = groupCommitOf(db).current; b; b = groupCommitOf(db).current) await b.done.catch(() => {});
}

/**
 * fn in a transaction of its own, never inside a batch: for work outside requests (the mail
 * worker), which must neither read a batch's uncommitted rows nor write into a batch that may still
 * be rolled back. Once no batch is open it takes the connection's gate and begins its transaction
 * in the same step, so no batch can open until it committed (requests' writes wait for the gate).
 * On another engine, simply a transaction.
 */
export async function outsideBatchTransaction<T>(store: Store, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const db = sqliteDb(store);
  if (!db) return store.transaction(fn);
  const gc = groupCommitOf(db);
  for (;;) {
    await outsideBatch(store);
    const done = await sqliteStore(db).exclusive(async () => (gc.current || db.inTransaction ? null : { value: await savepoint(db, fn) }));
    if (done) return done.value;
  }
}
