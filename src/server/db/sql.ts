/** A value bound to a `?` placeholder. Booleans are stored as 0/1, dates as ISO-8601 text, money as decimal text. */
export type SqlValue = string | number | bigint | null | Uint8Array;

export interface RunResult {
  /** Rows the statement inserted, updated or deleted. */
  changes: number;
}

/**
 * One engine's statement runner. SQL is written once with positional `?` placeholders; the PostgreSQL
 * engine rewrites them to $1, $2, …. A new row's id comes from `INSERT … RETURNING id` through `get`,
 * or through insertId() where the engine has a cheaper way. Integer columns arrive as JS numbers on
 * both engines.
 */
export interface Sql {
  readonly engine: 'sqlite' | 'postgres';
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: readonly SqlValue[]): Promise<RunResult>;
  /**
   * In a transaction: a write nobody reads the answer of (an audit line), sent with COMMIT in one
   * round trip (PostgreSQL); its failure fails the transaction. Without it (SQLite, no round trips)
   * runAtCommit runs the statement at once.
   */
  atCommit?(sql: string, params: readonly SqlValue[]): Promise<void>;
  /**
   * In a transaction: runs an INSERT into a table whose id is its rowid, and returns the rows it
   * added and the last one's id (SQLite: the connection's last insert rowid). Without it (PostgreSQL)
   * insertId() appends `RETURNING id`.
   */
  insertRowid?(sql: string, params: readonly SqlValue[]): Promise<{ changes: number; id: number }>;
}

/**
 * The id of the one row `insert` (an INSERT without RETURNING) adds; any other number of rows is an
 * error naming the statement, on both engines. SQLite's RETURNING costs more than the insert's row
 * itself: a setQuantity's receipt 6.3 µs with it, 5.15 µs without; setQuantity paired ×0.930
 * (bench/README.md, session 17).
 */
export async function insertId(tx: Sql, insert: string, params: readonly SqlValue[]): Promise<number> {
  const r = tx.insertRowid ? await tx.insertRowid(insert, params) : await returningId(tx, insert, params);
  if (r.changes !== 1) throw new Error(`insertId expects one row inserted, got ${r.changes}: ${insert.slice(0, 60)}`);
  return r.id;
}

async function returningId(tx: Sql, insert: string, params: readonly SqlValue[]): Promise<{ changes: number; id: number }> {
  const rows = await tx.all<{ id: number }>(`${insert} RETURNING id`, params);
  return { changes: rows.length, id: rows[0]?.id ?? 0 };
}

/** `sql` with COMMIT where the engine can (Sql.atCommit), else now; either way part of tx's transaction. */
export async function runAtCommit(tx: Sql, sql: string, params: readonly SqlValue[]): Promise<void> {
  if (tx.atCommit) await tx.atCommit(sql, params);
  else await tx.run(sql, params);
}

/** A database: statements outside a transaction (autocommit) and transactions. */
export interface Store extends Sql {
  /**
   * Runs fn in one transaction on one connection and commits; rolls back and rethrows when fn throws.
   * Nested calls with the same tx are savepoints. fn must not await anything but its own statements.
   * `opening`: a statement without parameters run first in the transaction (on PostgreSQL sent with
   * BEGIN in one round trip); it must be made by the server only, never from a request's text.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>, opening?: string): Promise<T>;
  /**
   * Runs fn with `first` sent ahead of fn's first statement, in the same round trip (PostgreSQL:
   * db/postgres/precede.ts); nothing fn writes commits before `first.check` passed, and the check's
   * failure wins over fn's answer. Engines without round trips (SQLite) do not have it.
   */
  precede?<T>(first: PrecedingStatement, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A read sent ahead of a request's statements (Store.precede); `check` throws to refuse the request. */
export interface PrecedingStatement {
  sql: string;
  params: readonly SqlValue[];
  check(rows: unknown[]): void;
}
