/**
 * The PostgreSQL engine of the storage interface (src/server/db/sql.ts) over a pg.Pool.
 *
 * - `?` placeholders become $1, $2, … (placeholders.ts).
 * - int8 (bigint columns, count(*), sum of integer) arrive as JS numbers, as SQLite's integers do;
 *   a value beyond ±2^53 throws instead of silently losing digits. numeric stays a decimal string
 *   (sum() of a bigint column is numeric: cast it, `sum(x)::bigint`, to get a number).
 * - transaction() runs on one pooled connection with BEGIN/COMMIT/ROLLBACK. Inside it, nested
 *   transactions (tx.transaction, or store.transaction called from within fn) are SAVEPOINTs, and
 *   the store's own all/get/run also run on the transaction's connection: on SQLite, with its single
 *   connection, that is what happens anyway, so code written there behaves the same here.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { PrecedingStatement, RunResult, Sql, SqlValue, Store } from '../sql';
import { PgStatementError } from './errors';
import { toNumberedParams } from './placeholders';
import { inOneWrite } from './oneWrite';
import { checkBeforeCommit, precede, withPending, type SendPair } from './precede';
import { bothPrepared, sendPair } from './pair';
import { openLanes, type LaneOptions } from './lanes';

export interface PgStoreOptions {
  /** postgres://user@host:port/database */
  url: string;
  /** Connections in the pool (default 10). Each instance holds up to this many on the server. */
  poolSize?: number;
  /**
   * How long a statement waits for a connection (a new one, or a free one from a full pool) before
   * it fails (default 10 s): a server that is down or a pool that is exhausted then gives an error
   * instead of a request that hangs for ever.
   */
  connectTimeoutMs?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /**
   * Prepare each parameterised statement once per connection (named statements; default true):
   * parsing and planning are then paid once instead of at every call (~40% of a simple query's
   * time here). Turn it off for a pool that outlives schema changes of the tables it reads with
   * `SELECT *` ("cached plan must not change result type").
   */
  prepare?: boolean;
  /**
   * Statements outside a transaction share these pipelined connections, written together per turn
   * of the event loop (lanes.ts; default 2 lanes). false: every statement takes a pool connection.
   * The lanes are connections of their own, beside the pool's.
   */
  lanes?: LaneOptions | false;
  /** Errors of idle pooled connections (e.g. the server restarted); the pool drops such a connection. */
  onIdleError?: (e: Error) => void;
}

/** A transaction's statement runner; `transaction` on it opens a savepoint. */
export interface PgTx extends Sql {
  transaction<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>;
}

export interface PgStore extends Store {
  readonly engine: 'postgres';
  readonly pool: pg.Pool;
  transaction<T>(fn: (tx: PgTx) => Promise<T>, opening?: string): Promise<T>;
  precede<T>(first: PrecedingStatement, fn: () => Promise<T>): Promise<T>;
}

const INT8_OID = 20;

function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) {
    throw new RangeError(`PostgreSQL returned the integer ${text}, beyond what a JS number holds exactly (±2^53); read it as text (::text) instead.`);
  }
  return n;
}

/** Per-pool type parsers: the process-wide pg.types stay untouched for anyone else using pg. */
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return parseInt8;
    return (pg.types.getTypeParser as (oid: number, format?: string) => (v: string) => unknown)(oid, format);
  },
};

function toPg(v: SqlValue): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (v instanceof Uint8Array && !Buffer.isBuffer(v)) return Buffer.from(v.buffer, v.byteOffset, v.byteLength);
  return v;
}

interface TxState {
  store: PgStore;
  client: pg.PoolClient;
  depth: number;
  ended: boolean;
  /** Statements to send with COMMIT (Sql.atCommit). */
  atCommit: Array<{ sql: string; params: readonly SqlValue[] }>;
}

const current = new AsyncLocalStorage<TxState>();
/** Whether a store prepares its statements (PgStoreOptions.prepare), for the transactions opened on it. */
const preparing = new WeakMap<PgStore, boolean>();

async function query(on: pg.ClientBase, sql: string, params: readonly SqlValue[] = [], prepare = false): Promise<pg.QueryResult> {
  const { text, params: wanted, id } = toNumberedParams(sql);
  if (wanted !== params.length) {
    throw new PgStatementError({ message: `the statement has ${wanted} placeholder(s) but was given ${params.length} parameter(s)` }, sql);
  }
  try {
    // Without parameters: the simple protocol, which also runs several statements in one text (migrations).
    return await submit(on, text, wanted === 0 ? undefined : params.map(toPg), prepare && wanted > 0 ? `sd${id}` : undefined);
  } catch (e) {
    throw new PgStatementError(e, sql);
  }
}

/**
 * One statement, as a pg.Query made from its text. Given a config object instead, pg copies it
 * property by property (cloneQueryConfig) for every statement: a few percent of a read's CPU.
 */
function submit(on: pg.ClientBase, text: string, values: unknown[] | undefined, name: string | undefined): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) => {
    const q = new pg.Query(text, values, (err: Error | undefined, result: pg.QueryResult) => (err ? reject(err) : resolve(result)));
    if (name) (q as { name?: string }).name = name;
    void on.query(q as unknown as pg.QueryConfig);
  });
}

/** The keys check and its read under one Sync (pair.ts), once both are prepared on the connection. */
const paired: SendPair = (client, a, b) => {
  const x = toNumberedParams(a.sql);
  const y = toNumberedParams(b.sql);
  if (x.params === 0 || y.params === 0 || x.params !== a.params.length || y.params !== b.params.length) return undefined;
  if (!bothPrepared(client, `sd${x.id}`, `sd${y.id}`)) return undefined;
  return sendPair(client, { name: `sd${x.id}`, values: a.params.map(toPg) }, { name: `sd${y.id}`, values: b.params.map(toPg) }).catch((e: unknown) => {
    throw new PgStatementError(e, `${a.sql};\n${b.sql}`);
  });
};
const pairOf = (prepare: boolean) => (prepare ? paired : undefined);

function runner(engineQuery: (sql: string, params?: readonly SqlValue[]) => Promise<pg.QueryResult>): Sql {
  return {
    engine: 'postgres',
    async all<T>(sql: string, params?: readonly SqlValue[]) {
      return (await engineQuery(sql, params)).rows as T[];
    },
    async get<T>(sql: string, params?: readonly SqlValue[]) {
      return (await engineQuery(sql, params)).rows[0] as T | undefined;
    },
    async run(sql: string, params?: readonly SqlValue[]): Promise<RunResult> {
      return { changes: (await engineQuery(sql, params)).rowCount ?? 0 };
    },
  };
}

function txRunner(state: TxState): PgTx {
  const sql = runner((text, params) => {
    if (state.ended) throw new PgStatementError({ message: 'the transaction has already ended' }, text);
    return query(state.client, text, params, preparing.get(state.store));
  });
  return {
    ...sql,
    transaction: (fn) => savepoint(state, fn),
    // Inside a savepoint the statement runs at once: a savepoint rolled back must take it along.
    atCommit: async (text, params) => {
      if (state.depth > 0) await sql.run(text, params);
      else state.atCommit.push({ sql: text, params });
    },
  };
}

async function savepoint<T>(state: TxState, fn: (tx: PgTx) => Promise<T>): Promise<T> {
  const name = `sp_${++state.depth}`;
  try {
    await query(state.client, `SAVEPOINT ${name}`);
    let result: T;
    try {
      result = await fn(txRunner(state));
    } catch (e) {
      await query(state.client, `ROLLBACK TO SAVEPOINT ${name}`);
      await query(state.client, `RELEASE SAVEPOINT ${name}`);
      throw e;
    }
    await query(state.client, `RELEASE SAVEPOINT ${name}`);
    return result;
  } finally {
    state.depth--;
  }
}

export function openPgStore(opts: PgStoreOptions): PgStore {
  // What the pool's connections and the lanes' have in common.
  const connection = {
    connectionString: opts.url,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    application_name: opts.applicationName ?? 'stockdesk',
    types: typeParsers,
  } as pg.ClientConfig;
  const pool = new pg.Pool({
    ...connection,
    max: opts.poolSize ?? 10,
    // A statement may be sent before the previous one on its connection was answered (precede.ts);
    // each keeps its own Sync, so one's error never skips the next.
    pipeline: true,
  } as pg.PoolConfig);
  pool.on('error', (e) => opts.onIdleError?.(e));
  const prepare = opts.prepare ?? true;
  const lanes = opts.lanes === false ? undefined : openLanes(connection, opts.lanes);
  /** A statement outside a transaction: on a lane (lanes.ts), or on the pool when every lane is held up. */
  const autocommit = (sql: string, params: readonly SqlValue[] = []) => {
    const send = (client: pg.ClientBase) => withPending(client as pg.PoolClient, sql, params, (c, text, values) => query(c, text, values, prepare), pairOf(prepare));
    const onLane = lanes?.use(send);
    if (!onLane) return autocommitOnPool(pool, sql, send);
    // A lane that cannot connect fails like the pool does: with the statement named.
    return onLane.catch((e: unknown) => {
      throw e instanceof PgStatementError ? e : new PgStatementError(e, sql);
    });
  };

  /** Inside one of this store's transactions, statements go to its connection (see the file comment). */
  const statement = (sql: string, params?: readonly SqlValue[]) => {
    const state = current.getStore();
    return state && state.store === store && !state.ended ? query(state.client, sql, params, prepare) : autocommit(sql, params);
  };

  const store: PgStore = {
    ...runner(statement),
    engine: 'postgres',
    pool,
    async transaction<T>(fn: (tx: PgTx) => Promise<T>, opening?: string): Promise<T> {
      const outer = current.getStore();
      if (outer && outer.store === store && !outer.ended) {
        return savepoint(outer, async (tx) => {
          if (opening) await tx.run(opening);
          return fn(tx);
        });
      }
      return onClient(store, await pool.connect(), fn, true, opening);
    },
    precede: (first, fn) => precede(first, fn, () => autocommit(first.sql, first.params)),
    async close() {
      await lanes?.end();
      await pool.end();
    },
  };
  preparing.set(store, prepare);
  return store;
}

/**
 * One statement outside a transaction, on a connection of the pool. Not pool.query: that one
 * destroys the connection after any failed statement (a unique violation too), which costs a new
 * connection and its prepared statements each time; here only a lost connection is dropped.
 */
async function autocommitOnPool(pool: pg.Pool, sql: string, send: (client: pg.PoolClient) => Promise<pg.QueryResult>): Promise<pg.QueryResult> {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (e) {
    throw new PgStatementError(e, sql);
  }
  let lost: Error | undefined;
  const onLost = (e: Error) => {
    lost ??= e;
  };
  client.on('error', onLost);
  try {
    return await send(client);
  } catch (e) {
    if (isConnectionError(e)) lost ??= e as Error;
    throw e;
  } finally {
    client.removeListener('error', onLost);
    client.release(lost);
  }
}

/**
 * Runs fn in a transaction on `client` (BEGIN … COMMIT, ROLLBACK when fn throws) and releases the
 * client to its pool afterwards. The migration runner uses it on the connection that holds its lock.
 */
export async function onClient<T>(store: PgStore, client: pg.PoolClient, fn: (tx: PgTx) => Promise<T>, release = true, opening?: string): Promise<T> {
  const state: TxState = { store, client, depth: 0, ended: false, atCommit: [] };
  let broken: Error | undefined;
  // A checked-out connection has no listener for its 'error' event (the pool removes its own), and
  // an unheard 'error' ends the process: a server restart between two statements must fail this
  // transaction, not the whole server.
  const onLost = (e: Error) => {
    broken ??= e;
  };
  client.on('error', onLost);
  try {
    // The opening statement rides with BEGIN: one text, the simple protocol, one round trip
    // (it has no parameters; Store.transaction says who may make it).
    await withPending(client, opening ? `BEGIN; ${opening}` : 'BEGIN', [], (c, text, values) => query(c, text, values, preparing.get(store)));
    let result: T;
    try {
      result = await current.run(state, () => fn(txRunner(state)));
      // A keys check sent ahead of this request's statements has to pass before anything commits.
      await checkBeforeCommit();
    } catch (e) {
      try {
        await query(client, 'ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error; // the connection is unusable: the pool must not reuse it
      }
      throw e;
    }
    await commit(state);
    return result;
  } catch (e) {
    broken ??= isConnectionError(e) ? (e as Error) : undefined;
    throw e;
  } finally {
    state.ended = true;
    client.removeListener('error', onLost);
    if (release) client.release(broken);
  }
}

/**
 * COMMIT, with the statements kept for it (Sql.atCommit) in the same write. Should one of them fail,
 * PostgreSQL has aborted the transaction and answers the COMMIT with ROLLBACK: nothing was kept, and
 * the statement's error is thrown.
 *
 * PostgreSQL answers ROLLBACK, without an error, to the COMMIT of any aborted transaction: also when
 * fn caught a failed statement's error and went on. Nothing was kept then either, so that is thrown
 * too, never answered as committed. (SQLite keeps a transaction going after a failed statement.)
 */
async function commit(state: TxState): Promise<void> {
  const prepare = preparing.get(state.store);
  const kept = state.atCommit.splice(0);
  const [sent, committing] = inOneWrite(state.client, () => [kept.map((k) => query(state.client, k.sql, k.params, prepare)), query(state.client, 'COMMIT')] as const);
  const failed = (await Promise.allSettled(sent)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  const done = await committing;
  if (failed) throw failed.reason;
  if (done.command !== 'COMMIT') {
    // 25P02 (in_failed_sql_transaction) names the state the transaction was in; the connection is fine.
    throw new PgStatementError({ message: `the transaction ended with ${done.command}, not COMMIT: a statement in it had failed, and nothing of it was kept`, code: '25P02' }, 'COMMIT');
  }
}

/**
 * Errors that leave the connection in an unknown state or dead: the socket failed (no SQLSTATE), or
 * the server ended the session (57P01 on a restart, class 08). Such a connection must not go back to
 * the pool, or the next request would be handed a dead one.
 */
function isConnectionError(e: unknown): boolean {
  if (!(e instanceof PgStatementError)) return false;
  return (e.code === undefined && !(e.cause as { code?: string } | undefined)?.code) || e.unavailable;
}
