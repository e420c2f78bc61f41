/**
 * The product catalog. Prices, rates and weights are canonical decimal strings; `search` holds the
 * searched fields folded for matching (see `parseFilter`), indexed by the trigram table products_fts.
 */
import type { Db } from '../db/types';
import type { Sql, SqlValue } from '../db/sql';
import { indexedSearch } from '../db/sqlite/productIndex';
import { readWhileUnchanged } from '../db/sqlite/unchangedCache';
import { keptRows } from '../db/sqlite/keptRows';
import { inTransaction, stmt } from '../db/sqlite/statements';
import { onConnection, rawRows } from '../db/sqlite/store';
import { perEngine } from '../db/dialect';
import { idsInNameOrderPg, pageOfPg, searchProductsPg } from './productSearchPg';

export interface Component {
  id: number;
  qty: string;
}

export interface ProductData {
  name: string;
  action: number;
  listPrice?: string;
  wholesalePrice?: string;
  purchasePrice?: string;
  currency: string;
  vat: string;
  unit: string;
  discount1?: string;
  discount2?: string;
  discount3?: string;
  manufacturer?: string;
  itemNumber?: string;
  eanNumber?: string;
  foreignItemNumber?: string;
  vtszNumber?: string;
  productGroup?: string;
  description?: string;
  notes?: string;
  tags: string[];
  photo?: string;
  photoAttachmentId?: number;
  size?: string;
  color?: string;
  netWeight?: string;
  accountingNumber?: string;
  service: number;
  countryCode?: string;
  envfeeCode?: number;
  depreciation?: string;
  components: Component[];
}

export interface Product extends ProductData {
  id: number;
  createdAt: string;
  updatedAt: string;
}

// Rows are read in raw (array) mode: better-sqlite3 builds a 30-property object per row slowly,
// and getProduct may return 1000 rows. `search` is never read back.
const COLS = [
  'id', 'product_name', 'action', 'list_price', 'wholesale_price', 'purchase_price', 'currency', 'vat', 'unit', 'discount1', 'discount2',
  'discount3', 'manufacturer', 'item_number', 'ean_number', 'foreign_item_number', 'vtsz_number', 'product_group', 'description', 'notes',
  'tags', 'photo', 'photo_attachment_id', 'size', 'color', 'net_weight', 'accounting_number', 'service', 'country_code', 'envfee_code',
  'depreciation', 'created_at', 'updated_at',
] as const;
type Col = (typeof COLS)[number];
const AT = Object.fromEntries(COLS.map((c, i) => [c, i])) as Record<Col, number>;
// The bill of materials rides along as one JSON column ('[]' for most products), so a product
// costs one statement however many are read.
const SELECT = `${COLS.map((c) => `p.${c}`).join(', ')},
  (SELECT json_group_array(json_array(c.component_id, c.qty) ORDER BY c.position) FROM product_components c WHERE c.product_id = p.id)`;
/** The same on either engine: PostgreSQL's json_agg is NULL over no rows, and json arrives parsed unless read as text. */
export const PRODUCT_SELECT = {
  sqlite: SELECT,
  postgres: `${COLS.map((c) => `p.${c}`).join(', ')},
  COALESCE((SELECT json_agg(json_build_array(c.component_id, c.qty) ORDER BY c.position)::text FROM product_components c WHERE c.product_id = p.id), '[]') AS components`,
};
export type RawRow = unknown[];

function components(json: string): Component[] {
  return json === '[]' ? [] : (JSON.parse(json) as Array<[number, string]>).map(([id, qty]) => ({ id, qty }));
}

export function toProduct(r: RawRow): Product {
  const t = (c: Col) => (r[AT[c]] ?? undefined) as string | undefined;
  const n = (c: Col) => (r[AT[c]] ?? undefined) as number | undefined;
  return {
    id: n('id')!, name: t('product_name')!, action: n('action')!, listPrice: t('list_price'), wholesalePrice: t('wholesale_price'),
    purchasePrice: t('purchase_price'), currency: t('currency')!, vat: t('vat')!, unit: t('unit')!, discount1: t('discount1'),
    discount2: t('discount2'), discount3: t('discount3'), manufacturer: t('manufacturer'), itemNumber: t('item_number'),
    eanNumber: t('ean_number'), foreignItemNumber: t('foreign_item_number'), vtszNumber: t('vtsz_number'), productGroup: t('product_group'),
    description: t('description'), notes: t('notes'), tags: JSON.parse(t('tags')!) as string[], photo: t('photo'),
    photoAttachmentId: n('photo_attachment_id'), size: t('size'), color: t('color'), netWeight: t('net_weight'),
    accountingNumber: t('accounting_number'), service: n('service')!, countryCode: t('country_code'), envfeeCode: n('envfee_code'),
    depreciation: t('depreciation'), components: components(r[COLS.length] as string), createdAt: t('created_at')!, updatedAt: t('updated_at')!,
  };
}

// U+001F never occurs in the folded fields (control characters become spaces), so it marks field ends.
const SEP = '\u001f';

/** Case folding for search: NFC, then Unicode lower case (Ő → ő, Ű → ű); accents are kept. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
export const foldSearch = (s: string) => s.normalize('NFC').toLowerCase().replace(/[\u0000-\u001f\u007f]/g, ' ');

function searchText(p: ProductData): string {
  const fields = [p.manufacturer, p.name, p.productGroup, ...p.tags, p.itemNumber, p.foreignItemNumber, p.eanNumber];
  return `${SEP}${fields.filter((f): f is string => !!f).map(foldSearch).join(SEP)}${SEP}`;
}

function params(accountId: number, p: ProductData, now: string): SqlValue[] {
  return [
    p.name, p.action, p.listPrice ?? null, p.wholesalePrice ?? null, p.purchasePrice ?? null, p.currency, p.vat, p.unit,
    p.discount1 ?? null, p.discount2 ?? null, p.discount3 ?? null, p.manufacturer ?? null, p.itemNumber ?? null,
    p.eanNumber ?? null, p.foreignItemNumber ?? null, p.vtszNumber ?? null, p.productGroup ?? null, p.description ?? null,
    p.notes ?? null, JSON.stringify(p.tags), p.photo ?? null, p.photoAttachmentId ?? null, p.size ?? null, p.color ?? null,
    p.netWeight ?? null, p.accountingNumber ?? null, p.service, p.countryCode ?? null, p.envfeeCode ?? null,
    p.depreciation ?? null, searchText(p), now, accountId,
  ];
}

const COLUMNS = `product_name, action, list_price, wholesale_price, purchase_price, currency, vat, unit, discount1, discount2,
  discount3, manufacturer, item_number, ean_number, foreign_item_number, vtsz_number, product_group, description, notes, tags,
  photo, photo_attachment_id, size, color, net_weight, accounting_number, service, country_code, envfee_code, depreciation, search`;

async function writeComponents(sql: Sql, accountId: number, productId: number, components: Component[]): Promise<void> {
  await sql.run('DELETE FROM product_components WHERE product_id = ?', [productId]);
  for (const [i, c] of components.entries()) {
    await sql.run('INSERT INTO product_components (product_id, position, account_id, component_id, qty) VALUES (?, ?, ?, ?, ?)', [productId, i, accountId, c.id, c.qty]);
  }
}

export async function insertProduct(sql: Sql, accountId: number, p: ProductData, now: Date): Promise<number> {
  const iso = now.toISOString();
  const r = await sql.get<{ id: number }>(`INSERT INTO products (${COLUMNS}, updated_at, account_id, created_at) VALUES (${'?, '.repeat(33)}?) RETURNING id`, [
    ...params(accountId, p, iso), iso,
  ]);
  const id = r!.id;
  await writeComponents(sql, accountId, id, p.components);
  return id;
}

// Product heads are kept (keptRows.ts): updateProduct, the one statement that changes them, drops its entry.
const HEADS = 'product heads';
const headKey = (accountId: number, id: number) => `${accountId}:${id}`;

export async function updateProduct(sql: Sql, accountId: number, id: number, p: ProductData, now: Date): Promise<boolean> {
  keptRows(sql, HEADS).delete(headKey(accountId, id));
  const sets = COLUMNS.split(',').map((c) => `${c.trim()} = ?`).join(', ');
  const r = await sql.run(`UPDATE products SET ${sets}, updated_at = ? WHERE account_id = ? AND id = ?`, [...params(accountId, p, now.toISOString()), id]);
  if (r.changes === 0) return false;
  await writeComponents(sql, accountId, id, p.components);
  return true;
}

export async function setProductPhoto(sql: Sql, accountId: number, id: number, attachmentId: number): Promise<void> {
  await sql.run('UPDATE products SET photo_attachment_id = ? WHERE account_id = ? AND id = ?', [attachmentId, accountId, id]);
}

const BY_ID = perEngine((d) => `SELECT ${PRODUCT_SELECT[d.engine]} FROM products p WHERE p.account_id = ? AND p.id = ?`);

/** One product of the account (the finance area reads name, unit, vat, list price, currency, VTSZ from here). */
export async function getProductById(sql: Sql, accountId: number, id: number): Promise<Product | undefined> {
  const [r] = await rawRows(sql, BY_ID[sql.engine], [accountId, id]);
  return r && toProduct(r);
}

/** What a stock movement needs of a product: a lookup without the 33-column row and its components. */
export type ProductHead = Pick<Product, 'id' | 'name' | 'currency' | 'service'>;

/** What a stock write needs of a product; shared, so callers must not modify it. */
export async function getProductHead(sql: Sql, accountId: number, id: number): Promise<Readonly<ProductHead> | undefined> {
  const heads = keptRows<Readonly<ProductHead>>(sql, HEADS);
  const key = headKey(accountId, id);
  const kept = heads.get(key);
  if (kept) return kept;
  const head = await sql.get<ProductHead>('SELECT id, product_name AS name, currency, service FROM products WHERE account_id = ? AND id = ?', [accountId, id]);
  if (!head) return undefined;
  heads.set(key, Object.freeze(head));
  return head;
}

export async function productExists(sql: Sql, accountId: number, id: number): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM products WHERE account_id = ? AND id = ?', [accountId, id]));
}

// EXISTS is a boolean on PostgreSQL: the CASE makes it 0/1 on both engines.
const KINDS = perEngine((d) => `SELECT p.id, p.service, CASE WHEN EXISTS (SELECT 1 FROM product_components c WHERE c.product_id = p.id) THEN 1 ELSE 0 END AS collective
  FROM products p WHERE p.account_id = ? AND p.id ${d.inJsonIds}`);

/** Which of these ids are products of the account, with their service flag and whether they are collective. */
export async function productKinds(sql: Sql, accountId: number, ids: number[]): Promise<Map<number, { service: boolean; collective: boolean }>> {
  const rows = await sql.all<{ id: number; service: number; collective: number }>(KINDS[sql.engine], [accountId, JSON.stringify(ids)]);
  return new Map(rows.map((r) => [r.id, { service: r.service === 1, collective: r.collective === 1 }]));
}

/** Products whose bill of materials names this one. */
export async function isComponentOfAny(sql: Sql, accountId: number, id: number): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM product_components WHERE account_id = ? AND component_id = ? LIMIT 1', [accountId, id]));
}

export interface ParsedFilter {
  /** True when the filter matches every product ("%", "%%", ""). */
  all: boolean;
  /** The literal pieces between `%`, folded. */
  pieces: string[];
  /** Exact per-field match: each field sits between separators in `search`. */
  regex: RegExp;
}

const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matching semantics (docs/api-product.md): case-insensitive LIKE over each searched field on its
 * own, where only `%` is a wildcard (`_` is literal). A filter without `%` matches anywhere in a
 * field, as if written `%filter%`.
 */
export function parseFilter(filter: string): ParsedFilter {
  const folded = foldSearch(filter.trim());
  const pattern = folded.includes('%') ? folded : `%${folded}%`;
  const pieces = pattern.split('%').filter(Boolean);
  const body = pattern.split('%').map(reEscape).join(`[^${SEP}]*`);
  return { all: pieces.length === 0, pieces, regex: new RegExp(`${SEP}${body}${SEP}`) };
}

export const likeEscape = (s: string) => s.replace(/[\\_%]/g, '\\$&');
const ftsTerm = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Non-overlapping trigrams of each literal piece of three or more characters (the last one ends the piece). */
export function probeTrigrams(pieces: string[]): string[] {
  const terms = new Set<string>();
  for (const piece of pieces) {
    const chars = [...piece];
    if (chars.length < 3) continue;
    for (let i = 0; i + 3 <= chars.length - 3; i += 3) terms.add(chars.slice(i, i + 3).join(''));
    terms.add(chars.slice(-3).join(''));
  }
  return [...terms];
}

// How many documents hold a trigram, cached per connection: they only steer which trigrams to
// query (stale counts cost speed, never correctness), and counting reads the term's whole list.
const termCounts = new WeakMap<Db, Map<string, { docs: number; at: number }>>();
const COUNT_TTL_MS = 10 * 60_000;

function docCount(db: Db, term: string): number {
  let cache = termCounts.get(db);
  if (!cache) termCounts.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(term);
  // A zero is always recounted (cheaply: the list is empty), so a new product is never missed.
  if (hit && hit.docs > 0 && now - hit.at < COUNT_TTL_MS) return hit.docs;
  const docs = (stmt(db, 'SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ?').get(ftsTerm(term)) as { n: number }).n;
  if (cache.size >= 100_000) cache.clear();
  cache.set(term, { docs, at: now });
  return docs;
}

/**
 * The FTS query that narrows the candidates: the rarest probe trigrams, ANDed; null when
 * there is none (short pieces only) and '' when a trigram occurs nowhere, so nothing can match.
 * A whole-piece phrase would be exact but merges the position lists of every trigram (about 10×
 * slower on 100,000 products); the LIKE and the per-field regex make the answer exact anyway.
 */
export function ftsQuery(sql: Sql, pieces: string[]): Promise<string | null> {
  // engine: sqlite-only (FTS5)
  return onConnection(sql, (db) => ftsQueryNow(db, pieces));
}

function ftsQueryNow(db: Db, pieces: string[]): string | null {
  const probes = probeTrigrams(pieces).slice(0, 12).map((t) => ({ t, docs: docCount(db, t) }));
  if (probes.length === 0) return null;
  if (probes.some((p) => p.docs === 0)) return '';
  probes.sort((a, b) => a.docs - b.docs);
  // Reading a list costs per entry; a much commoner trigram (an EAN's "599") cuts few candidates.
  const useful = probes.filter((p, i) => i === 0 || (i < 3 && p.docs <= 10 * probes[0]!.docs));
  return useful.map((p) => ftsTerm(p.t)).join(' AND ');
}

export interface ProductQuery {
  filter: string;
  afterId?: number;
  updatedSince?: string;
  limit: number;
}

/**
 * Products matching the filter in id order, read in one snapshot. The in-memory trigram index
 * (productIndex.ts), else the FTS5 trigram table, else a scan with a LIKE superset finds
 * candidates; the per-field regex decides, so results are exact whichever path answered. Kept in
 * memory while the database is unchanged (unchangedCache.ts): the list is shared, do not modify it.
 */
export function searchProducts(sql: Sql, accountId: number, q: ProductQuery): Promise<readonly Product[]> {
  const key = `products:${accountId}:${q.afterId ?? 0}:${q.limit}:${JSON.stringify([q.updatedSince ?? null, q.filter])}`;
  // PostgreSQL: the pg_trgm index on `search`, no in-memory index or cache (productSearchPg.ts).
  if (sql.engine === 'postgres') return searchProductsPg(sql, accountId, q);
  // SQLite: FTS5, the in-memory trigram index, json_each: synchronous code on the connection.
  return readWhileUnchanged(sql, key, () => onConnection(sql, (db) => findProducts(db, accountId, q)), (rows) => Math.max(1, rows.length));
}

/** The same, read: through the trigram index or FTS5, in one read transaction. */
function findProducts(db: Db, accountId: number, q: ProductQuery): Product[] {
  return inTransaction(db, () => {
    const f = parseFilter(q.filter);
    // updated_since is the mirror's incremental pull, a different access path: SQLite answers it.
    const indexed = f.all || q.updatedSince !== undefined ? null : indexedSearch(db, accountId, f.pieces, (s) => f.regex.test(s), q.afterId ?? 0, q.limit);
    const ids = f.all ? null : (indexed ?? sqlSearch(db, accountId, q, f));
    const rows = ids === null
      ? (stmt(db, `SELECT ${SELECT} FROM products p WHERE ${WHERE} ORDER BY p.id LIMIT ?`).raw().all(...whereArgs(accountId, q), q.limit) as RawRow[])
      : rowsById(db, accountId, ids);
    return rows.map(toProduct);
  });
}

// A handful of rows is cheaper to read by key, one lookup each, than through json_each.
const FEW = 16;

/** Rows of these ids (ascending), in their order. */
function rowsById(db: Db, accountId: number, ids: number[]): RawRow[] {
  if (ids.length > FEW) {
    return stmt(db, `SELECT ${SELECT} FROM products p WHERE p.account_id = ? AND p.id IN (SELECT value FROM json_each(?)) ORDER BY p.id`)
      .raw().all(accountId, JSON.stringify(ids)) as RawRow[];
  }
  const one = stmt(db, `SELECT ${SELECT} FROM products p WHERE p.account_id = ? AND p.id = ?`).raw();
  return ids.map((id) => one.get(accountId, id) as RawRow | undefined).filter((r): r is RawRow => r !== undefined);
}

const WHERE = 'p.account_id = ? AND p.id > ? AND (? IS NULL OR p.updated_at >= ?)';
const whereArgs = (accountId: number, q: ProductQuery) => [accountId, q.afterId ?? 0, q.updatedSince ?? null, q.updatedSince ?? null];

/** The ids SQLite finds: candidates from FTS5 (or every row), then the exact per-field test, up to the limit. */
function sqlSearch(db: Db, accountId: number, q: ProductQuery, f: ParsedFilter): number[] {
  // Reads only id and search (cheap) and stops at the limit; the caller reads the winners.
  const like = `%${f.pieces.map(likeEscape).join('%')}%`;
  const match = ftsQueryNow(db, f.pieces);
  if (match === '') return [];
  const candidates = (match
    ? stmt(db, `SELECT p.id, p.search FROM products p WHERE ${WHERE}
        AND p.id IN (SELECT rowid FROM products_fts WHERE products_fts MATCH ?) AND p.search LIKE ? ESCAPE '\\' ORDER BY p.id`)
        .raw().iterate(...whereArgs(accountId, q), match, like)
    : stmt(db, `SELECT p.id, p.search FROM products p WHERE ${WHERE} AND p.search LIKE ? ESCAPE '\\' ORDER BY p.id`)
        .raw().iterate(...whereArgs(accountId, q), like)) as Iterable<[number, string]>;
  const ids: number[] = [];
  for (const [id, search] of candidates) {
    if (f.regex.test(search)) ids.push(id);
    if (ids.length >= q.limit) break;
  }
  return ids;
}

/** SQLite's NOCASE: ASCII letters folded, everything else by code point (the desk's mirror sorts so too). */
export function nocase(a: string, b: string): number {
  const x = a.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const y = b.replace(/[A-Z]/g, (c) => c.toLowerCase());
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Every product matching a narrowing filter, as ids in name order (NOCASE, then id), read in one
 * snapshot. One sort per filter while the database is unchanged (unchangedCache.ts), so paging
 * through 100,000 matches sorts once, not once per page. The list is shared: do not modify it.
 */
function idsInNameOrder(sql: Sql, accountId: number, filter: string): Promise<readonly number[]> {
  if (sql.engine === 'postgres') return idsInNameOrderPg(sql, accountId, filter);
  return readWhileUnchanged(
    sql,
    `productNames:${accountId}:${JSON.stringify(filter)}`,
    () =>
      onConnection(sql, (db) => inTransaction(db, () => {
        const f = parseFilter(filter);
        const ids = indexedSearch(db, accountId, f.pieces, (s) => f.regex.test(s), 0, Infinity) ?? sqlSearch(db, accountId, { filter, limit: Infinity }, f);
        const rows = stmt(db, 'SELECT id, product_name FROM products WHERE account_id = ? AND id IN (SELECT value FROM json_each(?))')
          .raw()
          .all(accountId, JSON.stringify(ids)) as Array<[number, string]>;
        rows.sort((a, b) => nocase(a[1], b[1]) || a[0] - b[0]);
        return rows.map((r) => r[0]);
      })),
    (ids) => Math.max(1, ids.length),
  );
}

/**
 * Products matching a narrowing filter in name order, `limit` of them after the product `afterId`
 * (the last id of the previous page): a clerk scrolls a search by name, not by catalogue id. When
 * that product no longer matches (renamed meanwhile), the page goes on from where its name sorts.
 */
export function searchProductsByName(sql: Sql, accountId: number, q: { filter: string; afterId?: number; limit: number }): Promise<readonly Product[]> {
  // The page itself is kept while nothing changed, as searchProducts keeps its pages: a repeated
  // search is answered from memory, not re-read row by row.
  const key = `productsByName:${accountId}:${q.afterId ?? 0}:${q.limit}:${JSON.stringify(q.filter)}`;
  return readWhileUnchanged(sql, key, () => pageByName(sql, accountId, q), (rows) => Math.max(1, rows.length));
}

async function pageByName(sql: Sql, accountId: number, q: { filter: string; afterId?: number; limit: number }): Promise<Product[]> {
  const ids = await idsInNameOrder(sql, accountId, q.filter);
  const afterName = q.afterId && !ids.includes(q.afterId) ? ((await getProductHead(sql, accountId, q.afterId))?.name ?? '') : '';
  if (sql.engine === 'postgres') return pageOfPg(sql, accountId, q, ids, afterName);
  // SQLite: a synchronous binary search over names on the connection.
  return onConnection(sql, (db) => pageOf(db, accountId, q, ids, afterName));
}

function pageOf(db: Db, accountId: number, q: { afterId?: number; limit: number }, ids: readonly number[], afterName: string): Product[] {
  let start = 0;
  if (q.afterId) {
    const at = ids.indexOf(q.afterId);
    if (at >= 0) start = at + 1;
    else {
      const name = afterName;
      const names = stmt(db, 'SELECT product_name FROM products WHERE account_id = ? AND id = ?').pluck();
      const after = (id: number) => {
        const n = (names.get(accountId, id) as string | undefined) ?? '';
        return nocase(n, name) > 0 || (nocase(n, name) === 0 && id > q.afterId!);
      };
      let lo = 0;
      let hi = ids.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (after(ids[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      start = lo;
    }
  }
  const page = ids.slice(start, start + q.limit);
  const byId = new Map(rowsById(db, accountId, page).map((r) => [r[AT.id] as number, r]));
  return page.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toProduct(r)] : [];
  });
}

/** The product of the account (other than `exceptId`) that carries this EAN/GTIN already, lowest id first. */
export async function productWithEan(sql: Sql, accountId: number, ean: string, exceptId?: number): Promise<{ id: number; itemNumber?: string; name: string } | undefined> {
  const r = await sql.get<{ id: number; item_number: string | null; product_name: string }>(
    'SELECT id, item_number, product_name FROM products WHERE account_id = ? AND ean_number = ? AND id <> ? ORDER BY id LIMIT 1',
    [accountId, ean, exceptId ?? 0],
  );
  return r && { id: Number(r.id), itemNumber: r.item_number ?? undefined, name: r.product_name };
}

/**
 * Holds this account's EAN until the caller's transaction ends, so two requests giving the same new
 * code at once cannot both find it free (one waits, then reads the other's committed product). No
 * unique index: databases from before the rule may hold duplicates, and a migration must not fail
 * on them. SQLite has one writer at a time and needs nothing. The single-bigint key (objsubid 1)
 * never meets the int4-pair keys of idempotency.ts and changeCursor.ts; it is a 64-bit hash, so
 * meeting lockPoNumbers' small negative key is as good as impossible (and would only wait).
 */
export async function lockEan(sql: Sql, accountId: number, ean: string): Promise<void> {
  if (sql.engine !== 'postgres') return;
  await sql.get('SELECT pg_advisory_xact_lock(hashtextextended(?::text, 0))', [`ean:${accountId}:${ean}`]);
}
