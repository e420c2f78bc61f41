/**
 * Product search on PostgreSQL: the pg_trgm index on `search` (products_search_trgm, the baseline
 * schema) finds the candidates of a LIKE over the folded pieces, and the per-field regex decides,
 * as on SQLite (repos/products.ts). No in-memory index and no kept answers: another instance may
 * have changed any product a moment ago.
 */
import type { Sql } from '../db/sql';
import { likeEscape, nocase, parseFilter, PRODUCT_SELECT, toProduct, type Product, type ProductQuery, type RawRow } from './products';

const SELECT = () => PRODUCT_SELECT.postgres;
const WHERE = 'p.account_id = ? AND p.id > ? AND (?::text IS NULL OR p.updated_at >= ?)';
const whereArgs = (accountId: number, q: { afterId?: number; updatedSince?: string }) => [accountId, q.afterId ?? 0, q.updatedSince ?? null, q.updatedSince ?? null];
/** Candidates are read in chunks: the regex may turn many LIKE matches down (a piece spanning two fields). */
const CHUNK = 500;

export async function searchProductsPg(sql: Sql, accountId: number, q: ProductQuery): Promise<Product[]> {
  const f = parseFilter(q.filter);
  if (f.all) {
    const rows = await sql.all<Record<string, unknown>>(`SELECT ${SELECT()} FROM products p WHERE ${WHERE} ORDER BY p.id LIMIT ?`, [...whereArgs(accountId, q), q.limit]);
    return rows.map((r) => toProduct(Object.values(r)));
  }
  return rowsById(sql, accountId, await matchingIds(sql, accountId, q, f));
}

/** Ids in id order whose fields match, up to q.limit. */
async function matchingIds(sql: Sql, accountId: number, q: ProductQuery, f: ReturnType<typeof parseFilter>): Promise<number[]> {
  const like = `%${f.pieces.map(likeEscape).join('%')}%`;
  const ids: number[] = [];
  let after = q.afterId ?? 0;
  for (;;) {
    const chunk = await sql.all<{ id: number; search: string }>(
      `SELECT p.id, p.search FROM products p WHERE ${WHERE} AND p.search LIKE ? ESCAPE '\\' ORDER BY p.id LIMIT ?`,
      [...whereArgs(accountId, { ...q, afterId: after }), like, CHUNK],
    );
    for (const r of chunk) {
      if (f.regex.test(r.search)) ids.push(r.id);
      if (ids.length >= q.limit) return ids;
    }
    if (chunk.length < CHUNK) return ids;
    after = chunk[chunk.length - 1]!.id;
  }
}

async function rowsById(sql: Sql, accountId: number, ids: readonly number[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await sql.all<Record<string, unknown>>(
    `SELECT ${SELECT()} FROM products p WHERE p.account_id = ? AND p.id IN (SELECT value::bigint FROM json_array_elements_text(?::json))`,
    [accountId, JSON.stringify(ids)],
  );
  const byId = new Map(rows.map((r) => [r.id as number, Object.values(r) as RawRow]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toProduct(r)] : [];
  });
}

/** Every match's id in name order (SQLite's NOCASE, then id), as on SQLite. */
export async function idsInNameOrderPg(sql: Sql, accountId: number, filter: string): Promise<number[]> {
  const f = parseFilter(filter);
  const like = `%${f.pieces.map(likeEscape).join('%')}%`;
  const rows = await sql.all<{ id: number; search: string; name: string }>(
    `SELECT id, search, product_name AS name FROM products WHERE account_id = ? AND search LIKE ? ESCAPE '\\'`,
    [accountId, like],
  );
  return rows.filter((r) => f.regex.test(r.search)).sort((a, b) => nocase(a.name, b.name) || a.id - b.id).map((r) => r.id);
}

/** The page after `afterId` of ids in name order; when afterId is no longer among them, after where its name sorts. */
export async function pageOfPg(sql: Sql, accountId: number, q: { afterId?: number; limit: number }, ids: readonly number[], afterName: string): Promise<Product[]> {
  let start = 0;
  if (q.afterId) {
    const at = ids.indexOf(q.afterId);
    if (at >= 0) start = at + 1;
    else {
      const names = new Map(
        (await sql.all<{ id: number; name: string }>(
          'SELECT id, product_name AS name FROM products WHERE account_id = ? AND id IN (SELECT value::bigint FROM json_array_elements_text(?::json))',
          [accountId, JSON.stringify(ids)],
        )).map((r) => [r.id, r.name]),
      );
      const after = (id: number) => {
        const n = names.get(id) ?? '';
        return nocase(n, afterName) > 0 || (nocase(n, afterName) === 0 && id > q.afterId!);
      };
      start = ids.findIndex(after);
      if (start < 0) start = ids.length;
    }
  }
  return rowsById(sql, accountId, ids.slice(start, start + q.limit));
}
