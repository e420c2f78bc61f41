/**
 * Reading the change table in commit order (feed/migration.ts). A position is (tx, id): on SQLite tx
 * is always 0 and id order is commit order; on PostgreSQL only entries of transactions below the
 * snapshot's xmin are handed out, so an entry that is still to commit can never land behind a
 * position already given to a desk (its tx is at or above that xmin, above every tx handed out).
 */
import type { Sql } from '../db/sql';
import { outsideBatchTransaction } from '../db/sqlite/groupCommit';
import type { Store } from '../db/sql';
import type { Role } from '@shared/protocol';

export interface Position {
  tx: number;
  id: number;
}

export const START: Position = { tx: 0, id: 0 };

export interface FeedRow {
  id: number;
  account_id: number;
  tx: number;
  kind: string;
  ref_id: number;
  warehouse_id: number | null;
  stock_label: string | null;
  invoice_id: number | null;
}

export const after = (a: Position, b: Position): boolean => a.tx > b.tx || (a.tx === b.tx && a.id > b.id);

/** The text of a position, as SSE `id:` and `Last-Event-ID`. */
export const formatPosition = (p: Position): string => `${p.tx}.${p.id}`;

/** A Last-Event-ID as this server writes it, or null when it is not one. */
export function parsePosition(text: string): Position | null {
  const m = /^(\d{1,16})\.(\d{1,16})$/.exec(text.trim());
  if (!m) return null;
  const p = { tx: Number(m[1]), id: Number(m[2]) };
  return Number.isSafeInteger(p.tx) && Number.isSafeInteger(p.id) ? p : null;
}

/** Only entries of finished transactions (PostgreSQL's reads); SQLite readers never see uncommitted rows (below). */
const FINISHED = 'tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint';
const COLUMNS = 'id, account_id, tx, kind, ref_id, warehouse_id, stock_label, invoice_id';

/**
 * On SQLite the server's one connection may hold a group commit's uncommitted rows: reads run in a
 * transaction of their own outside any batch, so a rolled-back write is never announced.
 */
function reading<T>(store: Store, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return store.engine === 'sqlite' ? outsideBatchTransaction(store, fn) : fn(store);
}

/** SQLite's reads of everyone's entries, by rowid (exported for the test of their query plans). */
export const SQLITE_READ_ALL = `SELECT ${COLUMNS} FROM feed_changes WHERE id > ? AND tx = ? ORDER BY id LIMIT ?`;
export const SQLITE_HEAD = 'SELECT tx, id FROM feed_changes ORDER BY id DESC LIMIT 1';

/**
 * Every account's entries after `from`, in commit order (the hub's wake-up). On SQLite, where every
 * tx is 0, in rowid order (nothing is after a position of another tx): SQLite keeps no (tx, id) index.
 */
export function readAll(store: Store, from: Position, limit: number): Promise<FeedRow[]> {
  return reading(store, (sql) =>
    sql.engine === 'sqlite'
      ? sql.all<FeedRow>(SQLITE_READ_ALL, [from.id, from.tx, limit])
      : sql.all<FeedRow>(`SELECT ${COLUMNS} FROM feed_changes WHERE (tx > ? OR (tx = ? AND id > ?)) AND ${FINISHED} ORDER BY tx, id LIMIT ?`, [from.tx, from.tx, from.id, limit]),
  );
}

/** One account's entries after `from` up to `upTo` (inclusive), in commit order (a desk catching up). */
export function readAccount(store: Store, accountId: number, from: Position, upTo: Position, limit: number): Promise<FeedRow[]> {
  return reading(store, (sql) =>
    sql.all<FeedRow>(
      `SELECT ${COLUMNS} FROM feed_changes WHERE account_id = ? AND (tx > ? OR (tx = ? AND id > ?)) AND (tx < ? OR (tx = ? AND id <= ?)) ORDER BY tx, id LIMIT ?`,
      [accountId, from.tx, from.tx, from.id, upTo.tx, upTo.tx, upTo.id, limit],
    ),
  );
}

/**
 * The position every entry still to be handed out is after: the last finished entry. On PostgreSQL
 * an entry of a transaction at or above xmin may already be committed and lie below it in id; it is
 * after this position all the same, as its tx is.
 */
export async function head(store: Store): Promise<Position> {
  const row = await reading(store, (sql) =>
    sql.get<{ tx: number; id: number }>(sql.engine === 'sqlite'
      ? SQLITE_HEAD
      : `SELECT tx, id FROM feed_changes WHERE ${FINISHED} ORDER BY tx DESC, id DESC LIMIT 1`));
  return row ? { tx: row.tx, id: row.id } : START;
}

/** Keys asked per statement (each list). */
const KEYS_PER_QUERY = 400;

/**
 * Which of these key hashes pair into a live session now, with its role: the api key and session
 * unrevoked, the session unexpired, its user (if any) active. The same rule as a command's keys
 * (repos/credentials.ts, sessionForHashesQuery), for many pairs in one statement.
 */
export async function liveKeys(store: Store, apiHashes: string[], sessionHashes: string[], now: Date): Promise<Array<{ api: string; session: string; role: Role; expiresAt: string }>> {
  const out: Array<{ api: string; session: string; role: Role; expiresAt: string }> = [];
  const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  for (let a = 0; a < apiHashes.length; a += KEYS_PER_QUERY) {
    const apis = apiHashes.slice(a, a + KEYS_PER_QUERY);
    for (let b = 0; b < sessionHashes.length; b += KEYS_PER_QUERY) {
      const sessions = sessionHashes.slice(b, b + KEYS_PER_QUERY);
      const rows = await reading(store, (sql) =>
        sql.all<{ api: string; session: string; expires_at: string; user_id: number | null; role: Role | null }>(
          `SELECT k.key_hash AS api, s.key_hash AS session, s.expires_at, s.user_id, u.role FROM api_keys k JOIN sessions s ON s.account_id = k.account_id
           LEFT JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id AND u.active = 1
           WHERE k.key_hash IN (${list(apis.length)}) AND s.key_hash IN (${list(sessions.length)})
             AND k.revoked_at IS NULL AND s.revoked_at IS NULL AND s.expires_at > ?`,
          [...apis, ...sessions, now.toISOString()],
        ));
      for (const r of rows) if (r.user_id === null || r.role !== null) out.push({ api: r.api, session: r.session, role: r.role ?? 'manager', expiresAt: r.expires_at });
    }
  }
  return out;
}
