/**
 * The cursor of the incremental pulls (getProduct/getQuantities/crm.getContacts `updated_since`,
 * answered with `server_time`) never passes a change that is still to commit (issue 16).
 *
 * The rows a pull reads are stamped with the writer's clock (products.updated_at, contacts.updated_at,
 * stock_changes.changed_at), and a pull answers "everything stamped at or after updated_since" plus
 * a server_time to send next. On SQLite one writer commits at a time and the stamp and the commit
 * cannot change order. On PostgreSQL writers commit in any order: a write stamped t1 may commit after
 * a pull that handed out server_time t2 > t1, and that pull's desk would never ask for t1 again.
 *
 * The method: a write announces, before it takes any stamp, a lower bound of its stamps, as a
 * transaction-scoped shared advisory lock whose key is (this account, the bound in seconds). The lock
 * lives exactly as long as the write's transaction and every instance can see it in pg_locks. A pull
 * reads its clock (t), then the smallest announced bound of the account (b), and only then its rows;
 * it hands out min(t, b). Why no change is skipped: take a write W whose rows the pull did not see
 * (it committed after the pull's rows were read).
 *   - W announced before the pull read pg_locks: W had not committed yet, so its lock was there,
 *     and b is at most W's bound, which is at most every stamp W takes after announcing.
 *   - W announced after: W's stamps were taken after that, so after the pull read its clock: ≥ t.
 * Either way W's stamps are ≥ the server_time handed out, and the next pull (`>=`) returns them.
 * What it costs: a row committed meanwhile may come again in the next pull (at least once, as
 * documented); one pg_locks read per pull page; one lock per write transaction. The instances'
 * clocks must agree (NTP), as they must for any timestamp cursor.
 *
 * The rule for writers: call beginStamping in the transaction first, then read the clock for the
 * stamps (the dispatcher does it for every write request, http/dispatch.ts).
 */
import type { Sql, Store } from '../db/sql';

/** Bounds are seconds since 2000-01-01, unsigned 32 bits (to 2136); 0 stands for anything earlier. */
const BASE_SECONDS = 946_684_800;
const MAX_KEY = 2 ** 32 - 1;

/** The advisory key's first half: negative, so it never meets the request_id claims (account id, hash) of repos/idempotency.ts. */
const accountKey = (accountId: number) => -1 - (accountId % 2_147_483_647);

function boundKey(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000) - BASE_SECONDS;
  const unsigned = Math.min(MAX_KEY, Math.max(0, seconds));
  // int4 on the wire; pg_locks shows it back as an unsigned oid.
  return unsigned > 2_147_483_647 ? unsigned - 2 ** 32 : unsigned;
}

const boundTime = (key: number) => (key === 0 ? 0 : (key + BASE_SECONDS) * 1000);

/**
 * Announces that this transaction's stamps are at or after `now` (a reading of the clock the stamps
 * will come from, taken before this call). PostgreSQL only; on SQLite nothing is needed.
 */
export async function beginStamping(tx: Sql, accountId: number, now: Date): Promise<void> {
  if (tx.engine !== 'postgres') return;
  await tx.get('SELECT pg_advisory_xact_lock_shared(?::int4, ?::int4)', [accountKey(accountId), boundKey(now)]);
}

/**
 * beginStamping as a statement of its own, for Store.transaction's `opening` (sent with BEGIN, one
 * round trip less per write): its two numbers are computed here, never taken from a request.
 * Undefined on SQLite, where nothing is needed.
 */
export function stampingStatement(engine: Sql['engine'], accountId: number, now: Date): string | undefined {
  if (engine !== 'postgres') return undefined;
  const [a, b] = [accountKey(accountId), boundKey(now)];
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) throw new Error(`stamping keys must be integers, got ${a}, ${b}`);
  return `SELECT pg_advisory_xact_lock_shared(${a}::int4, ${b}::int4)`;
}

/** Runs a write outside a request (the admin commands) in a transaction that announced its stamps first. */
export async function writeStamped<T>(sql: Sql, accountId: number, now: Date, fn: (tx: Sql) => Promise<T>): Promise<T> {
  if (sql.engine !== 'postgres') return fn(sql);
  const store = sql as Partial<Store>;
  if (!store.transaction) {
    await beginStamping(sql, accountId, now);
    return fn(sql);
  }
  return store.transaction(async (tx) => {
    await beginStamping(tx, accountId, now);
    return fn(tx);
  });
}

const OLDEST_BOUND = `SELECT min(objid::int8) AS k FROM pg_locks
  WHERE locktype = 'advisory' AND objsubid = 2 AND classid = ?::int4::oid
    AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/**
 * The server_time a pull page answers with; call it with the clock read first, and read the page's
 * rows after it returns (see the file comment for why that order).
 */
export async function pullCursor(sql: Sql, accountId: number, now: Date): Promise<string> {
  if (sql.engine !== 'postgres') return now.toISOString();
  const r = await sql.get<{ k: number | null }>(OLDEST_BOUND, [accountKey(accountId)]);
  if (r?.k === null || r?.k === undefined) return now.toISOString();
  return new Date(Math.min(now.getTime(), boundTime(r.k))).toISOString();
}
