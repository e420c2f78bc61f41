/**
 * The SQLite engine of the engine-neutral interface (db/sql.ts), over better-sqlite3 and its
 * per-connection prepared-statement cache (statements.ts). Statements run synchronously and return
 * settled promises; what keeps one connection's transaction state whole across the awaits of
 * async callers is the connection's gate (gate.ts).
 */
import type { Db } from '../types';
import type { RunResult, Sql, SqlValue, Store } from '../sql';
import { Gate } from './gate';
import { stmt, transactionRolledBack } from './statements';

/** better-sqlite3 binds Buffers, not plain Uint8Arrays. */
function bindable(params: readonly SqlValue[]): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (v instanceof Uint8Array && !Buffer.isBuffer(v)) (out ??= [...params])[i] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  }
  return out ?? (params as unknown[]);
}

const NONE: readonly SqlValue[] = [];

/** Statements run now, synchronously: for the gate's holder (a transaction's tx) and for the store when the gate is free. */
export function allNow<T>(db: Db, sql: string, params: readonly SqlValue[] = NONE): T[] {
  return stmt(db, sql).all(...bindable(params)) as T[];
}
export function getNow<T>(db: Db, sql: string, params: readonly SqlValue[] = NONE): T | undefined {
  return stmt(db, sql).get(...bindable(params)) as T | undefined;
}
/** better-sqlite3's whole answer: the rows changed and the last insert rowid. */
function runFull(db: Db, sql: string, params: readonly SqlValue[]) {
  return stmt(db, sql).run(...bindable(params));
}
export function runNow(db: Db, sql: string, params: readonly SqlValue[] = NONE): RunResult {
  return { changes: runFull(db, sql, params).changes };
}
/** Rows as arrays (sqlite-only): building a 30-property object per row costs more than reading it. */
export function rawNow(db: Db, sql: string, params: readonly SqlValue[] = NONE): unknown[][] {
  return stmt(db, sql).raw().all(...bindable(params)) as unknown[][];
}

/** The handle a transaction's function gets: statements run directly, as the transaction holds the gate. */
export class SqliteTx implements Sql {
  readonly engine = 'sqlite' as const;
  /** False once the transaction ended: a tx kept past it would slip past the gate. */
  live = true;

  constructor(readonly db: Db) {}

  private check(): void {
    if (!this.live) throw new Error('A transaction handle was used after its transaction ended; use the store.');
  }

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    this.check();
    return Promise.resolve(allNow<T>(this.db, sql, params));
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    this.check();
    return Promise.resolve(getNow<T>(this.db, sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    this.check();
    return Promise.resolve(runNow(this.db, sql, params));
  }

  /** Rows as arrays (sqlite-only). */
  raw(sql: string, params?: readonly SqlValue[]): Promise<unknown[][]> {
    this.check();
    return Promise.resolve(rawNow(this.db, sql, params));
  }

  insertRowid(sql: string, params: readonly SqlValue[]): Promise<{ changes: number; id: number }> {
    this.check();
    const r = runFull(this.db, sql, params);
    // insertId() accepts one row only, whose rowid lastInsertRowid is (the table's INTEGER PRIMARY KEY id).
    return Promise.resolve({ changes: r.changes, id: Number(r.lastInsertRowid) });
  }

  /** Synchronous code against the connection (sqlite-only): the transaction holds it already. */
  now<T>(fn: (db: Db) => T): Promise<T> {
    this.check();
    return Promise.resolve(fn(this.db));
  }

  /** A nested transaction: a savepoint inside this one. */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    this.check();
    return savepoint(this.db, fn);
  }
}

/**
 * fn in a savepoint of the open transaction (or in a transaction of its own when none is open).
 * The caller holds the gate. A failed fn's changes are undone and the rollback listeners told
 * (kept rows may hold what it wrote).
 */
export async function savepoint<T>(db: Db, fn: (tx: Sql) => Promise<T>): Promise<T> {
  const outer = db.inTransaction;
  runNow(db, outer ? 'SAVEPOINT sd' : 'BEGIN');
  const tx = new SqliteTx(db);
  try {
    const result = await fn(tx);
    tx.live = false;
    runNow(db, outer ? 'RELEASE sd' : 'COMMIT');
    return result;
  } catch (e) {
    tx.live = false;
    // A failed statement may already have ended the transaction (SQLite rolls back on some errors).
    if (db.inTransaction) {
      if (outer) {
        runNow(db, 'ROLLBACK TO sd');
        runNow(db, 'RELEASE sd');
      } else runNow(db, 'ROLLBACK');
    }
    transactionRolledBack(db);
    throw e;
  }
}

/** The database as the services see it: autocommit statements and transactions, all through the connection's gate. */
export class SqliteStore implements Store {
  readonly engine = 'sqlite' as const;
  readonly gate = new Gate();

  constructor(readonly db: Db) {}

  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    if (!this.gate.busy) return Promise.resolve(allNow<T>(this.db, sql, params));
    return this.gate.whenFree(() => allNow<T>(this.db, sql, params));
  }

  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    if (!this.gate.busy) return Promise.resolve(getNow<T>(this.db, sql, params));
    return this.gate.whenFree(() => getNow<T>(this.db, sql, params));
  }

  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
    if (!this.gate.busy) return Promise.resolve(runNow(this.db, sql, params));
    return this.gate.whenFree(() => runNow(this.db, sql, params));
  }

  /** Rows as arrays (sqlite-only). */
  raw(sql: string, params?: readonly SqlValue[]): Promise<unknown[][]> {
    if (!this.gate.busy) return Promise.resolve(rawNow(this.db, sql, params));
    return this.gate.whenFree(() => rawNow(this.db, sql, params));
  }

  /**
   * Synchronous code against the connection (sqlite-only), run when no transaction of another
   * request is open on it: being synchronous, nothing can slip in while it runs.
   */
  now<T>(fn: (db: Db) => T): Promise<T> {
    if (!this.gate.busy) {
      try {
        return Promise.resolve(fn(this.db));
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    return this.gate.whenFree(() => fn(this.db));
  }

  /**
   * fn while holding the gate (sqlite-only): the group commit opens its batch and savepoint in here,
   * and SQLite-only machinery that reads the connection directly (the trigram index) runs in here.
   */
  async exclusive<T>(fn: () => Promise<T> | T): Promise<T> {
    const wait = this.gate.acquire();
    if (wait) await wait;
    try {
      return await fn();
    } finally {
      this.gate.release();
    }
  }

  /** A transaction (a savepoint when a group-commit batch is open on the connection). */
  transaction<T>(fn: (tx: Sql) => Promise<T>, opening?: string): Promise<T> {
    return this.exclusive(() => savepoint(this.db, async (tx) => {
      if (opening) await tx.run(opening);
      return fn(tx);
    }));
  }

  close(): Promise<void> {
    return this.exclusive(() => {
      if (this.db.open) this.db.close();
    });
  }
}

const stores = new WeakMap<Db, SqliteStore>();

/** The connection's store: one per connection, as the gate guards the connection's one transaction state. */
export function sqliteStore(db: Db): SqliteStore {
  let s = stores.get(db);
  if (!s) stores.set(db, (s = new SqliteStore(db)));
  return s;
}

/** The better-sqlite3 connection behind a SQLite Sql (store or tx); undefined for another engine. */
export function sqliteDb(sql: Sql): Db | undefined {
  return sql instanceof SqliteStore || sql instanceof SqliteTx ? sql.db : undefined;
}

/** Rows as arrays: on SQLite read raw (no row objects), elsewhere the row objects' values in column order. */
export function rawRows(sql: Sql, text: string, params?: readonly SqlValue[]): Promise<unknown[][]> {
  if (sql instanceof SqliteStore || sql instanceof SqliteTx) return sql.raw(text, params);
  return sql.all<Record<string, unknown>>(text, params).then((rows) => rows.map((r) => Object.values(r)));
}

/**
 * fn reading in one snapshot: a read transaction of its own from the store, or simply the open
 * transaction when `sql` is already one.
 */
export function inOneSnapshot<T>(sql: Sql, fn: (tx: Sql) => Promise<T>): Promise<T> {
  if (sql instanceof SqliteTx) return fn(sql);
  if ('transaction' in sql) return (sql as Store).transaction(fn);
  return fn(sql);
}

/** What per-connection state is keyed by: the SQLite connection behind a store and its transactions alike. */
export function connectionKey(sql: Sql): object {
  return sqliteDb(sql) ?? sql;
}

/**
 * Synchronous SQLite-only code (FTS5, the trigram index, raw row iteration) against the connection
 * behind `sql`, at a moment no other request's transaction is open on it. Another engine has its
 * own way to answer what such code answers: this throws there, naming the gap.
 */
export function onConnection<T>(sql: Sql, fn: (db: Db) => T): Promise<T> {
  if (sql instanceof SqliteStore || sql instanceof SqliteTx) return sql.now(fn);
  return Promise.reject(new Error(`This query is implemented for SQLite only (engine: ${sql.engine}).`));
}
