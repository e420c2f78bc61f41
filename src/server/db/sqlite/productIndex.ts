/**
 * getProduct's filter, answered from memory. Each account's `products.search` texts are held in a
 * trigram index (search/trigramIndex.ts) that is kept exact against the database, whichever process
 * wrote it: every insert or change of a product's search text bumps the account's catalog revision
 * and stamps the product with it (triggers, migration 005). A search reads the revision in its own
 * read transaction; when it moved, the products stamped after the index's revision are read into a
 * small overlay (rebuilt into the base once it grows), so the index always reflects the committed
 * catalog the rest of the search reads. FTS5 remains for what this does not cover (docs/api-product.md).
 */
import type { Db } from '../types';
import { queryTrigrams, TrigramIndex } from '../../search/trigramIndex';
import { groupCommitOf } from './groupCommit';
import { stmt } from './statements';

/** An account with more products than this is searched through FTS5 alone (memory grows ~0.4 KB per product). */
export const MAX_INDEXED_PRODUCTS = 500_000;
/** All accounts' indexes together; the least recently searched are dropped beyond this. */
const MAX_TOTAL_INDEXED = 1_000_000;

interface AccountIndex {
  rev: number;
  base: TrigramIndex;
  /** Products written since the base was built: id → current search text. */
  overlay: Map<number, string>;
  /** The overlay's ids, ascending. */
  overlayIds: number[];
}

const indexes = new WeakMap<Db, Map<number, AccountIndex>>();

const catalogRevision = (db: Db, accountId: number): number =>
  (stmt(db, 'SELECT rev FROM catalog_revisions WHERE account_id = ?').pluck().get(accountId) as number | undefined) ?? 0;

function build(db: Db, accountId: number, rev: number): AccountIndex | null {
  const count = stmt(db, 'SELECT count(*) FROM products WHERE account_id = ?').pluck().get(accountId) as number;
  if (count > MAX_INDEXED_PRODUCTS) return null;
  const rows = stmt(db, 'SELECT id, search FROM products WHERE account_id = ? ORDER BY id').raw().iterate(accountId) as Iterable<[number, string]>;
  return { rev, base: TrigramIndex.build(rows), overlay: new Map(), overlayIds: [] };
}

/** Brings an index up to `rev` by reading the products stamped after it; false when a rebuild is cheaper. */
function catchUp(db: Db, accountId: number, idx: AccountIndex, rev: number): boolean {
  const changed = stmt(db, 'SELECT id, search FROM products WHERE account_id = ? AND search_rev > ?').raw().all(accountId, idx.rev) as Array<[number, string]>;
  for (const [id, search] of changed) idx.overlay.set(id, search);
  if (idx.overlay.size > Math.max(256, idx.base.size / 50)) return false;
  idx.overlayIds = [...idx.overlay.keys()].sort((a, b) => a - b);
  idx.rev = rev;
  return true;
}

function evict(cache: Map<number, AccountIndex>): void {
  let total = 0;
  for (const idx of cache.values()) total += idx.base.size;
  for (const [accountId, idx] of cache) {
    if (total <= MAX_TOTAL_INDEXED) break;
    cache.delete(accountId);
    total -= idx.base.size;
  }
}

/** The account's index at the current revision; call inside the read transaction that uses it. */
function current(db: Db, accountId: number): AccountIndex | null {
  let cache = indexes.get(db);
  if (!cache) {
    const created = new Map<number, AccountIndex>();
    indexes.set(db, (cache = created));
    // A group commit rolled back after a search read its products: their revision numbers will be reused.
    groupCommitOf(db).onRollback(() => created.clear());
  }
  const rev = catalogRevision(db, accountId);
  let idx = cache.get(accountId);
  if (idx && idx.rev !== rev && !catchUp(db, accountId, idx, rev)) idx = undefined;
  if (!idx) {
    const built = build(db, accountId, rev);
    if (!built) return null;
    idx = built;
  }
  // Re-inserted, so the map's order is least recently searched first.
  cache.delete(accountId);
  cache.set(accountId, idx);
  evict(cache);
  return idx;
}

/**
 * Ids of the account's products above `afterId` whose search text passes `test`, ascending, at
 * most `limit`; null when the index cannot answer (no piece of three or more characters, or an
 * account too large to hold in memory) and the caller must ask SQLite.
 */
export function indexedSearch(db: Db, accountId: number, pieces: string[], test: (search: string) => boolean, afterId: number, limit: number): number[] | null {
  const trigrams = queryTrigrams(pieces);
  if (trigrams.length === 0) return null;
  const idx = current(db, accountId);
  if (!idx) return null;
  const base = idx.base.candidates(trigrams, afterId);
  const extra = idx.overlayIds;
  const out: number[] = [];
  let i = 0;
  let j = extra.findIndex((id) => id > afterId);
  if (j < 0) j = extra.length;
  // A merge of the base's candidates and the overlay's ids in id order; the overlay's text wins.
  while (out.length < limit && (i < base.length || j < extra.length)) {
    const b = i < base.length ? base[i]! : Infinity;
    const e = j < extra.length ? extra[j]! : Infinity;
    const id = Math.min(b, e);
    if (b === id) i++;
    if (e === id) j++;
    const text = idx.overlay.get(id) ?? idx.base.textOf(id);
    if (text !== undefined && test(text)) out.push(id);
  }
  return out;
}
