/**
 * Mirroring the catalog without the after_id extension. getProduct answers at most 1000 products
 * (the lowest ids first) for a `%` filter matched against each searched field. So the walk asks
 * for prefixes: "a%", "b%", …; a prefix whose answer is full (1000, or `more`) is split into
 * longer prefixes "aa%", "ab%", … recursively, until every answer is complete.
 *
 * A full node is split by the characters that follow the prefix in its answer (the lowest 1000
 * ids of the products that match it). A check follows every split: each product of the full
 * answer must turn up in one of the children, or have a field that is exactly the prefix (no
 * longer prefix can match that field, so such a product must turn up through another of its
 * fields in a complete answer). The walk reports itself incomplete when a check fails, never
 * silently. Its limit: a product past the first 1000 of a full answer whose next character
 * after the prefix appears in none of the first 1000 is not looked for. With `after_id` none of
 * this is needed (pull.ts uses keyset paging whenever the server offers it).
 */
import type { ProductRecord } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import type { Failure } from '../api/outcome';

export const CAP = 1000;
const MAX_DEPTH = 64;

/** The server's folding of a field for matching: NFC lower case, accents kept. */
const serverFold = (s: string) => s.normalize('NFC').toLowerCase();

function fields(p: ProductRecord): string[] {
  return [p.manufacturer, p.product_name, p.product_group, ...p.tags, p.item_number, p.foreign_item_number, p.ean_number]
    .filter((f): f is string => !!f)
    .map(serverFold);
}

export interface WalkResult {
  products: Map<number, ProductRecord>;
  complete: boolean;
  calls: number;
  /** Prefixes that stayed full at the depth limit or could not be split. */
  unsplit: string[];
}

export class WalkFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.message);
  }
}

export async function walkProducts(api: Pick<ApiClient, 'call'>, onProgress?: (found: number) => void): Promise<WalkResult> {
  const found = new Map<number, ProductRecord>();
  let calls = 0;
  const unsplit: string[] = [];
  // Products seen in a complete (not full) answer; and full nodes whose exact-match products
  // must all be among them for the walk to count as complete.
  const secure = new Set<number>();
  const exact: Array<{ prefix: string; ids: number[] }> = [];
  const ask = async (prefix: string): Promise<{ products: ProductRecord[]; full: boolean }> => {
    calls++;
    const o = await api.call('getProduct', { filter: prefix === '' ? '%' : `${prefix.replace(/%/g, '')}%` });
    if (o.kind !== 'ok') throw new WalkFailed(o);
    for (const p of o.result.products) found.set(p.id, p);
    onProgress?.(found.size);
    const full = o.result.products.length >= CAP || o.result.more === 1;
    if (!full) for (const p of o.result.products) secure.add(p.id);
    return { products: o.result.products, full };
  };

  const root = await ask('');
  if (!root.full) return { products: found, complete: true, calls, unsplit };

  // Depth-first over prefixes; each full node's answer is checked against its children.
  const split = async (prefix: string, sample: ProductRecord[]): Promise<boolean> => {
    if (prefix.length >= MAX_DEPTH) {
      unsplit.push(prefix);
      return false;
    }
    const next = new Set(sample.flatMap((p) => fields(p).filter((f) => f.startsWith(prefix) && f.length > prefix.length).map((f) => f[prefix.length]!)));
    next.delete('%');
    const covered = new Set<number>();
    let ok = true;
    for (const c of [...next].sort()) {
      const r = await ask(prefix + c);
      for (const p of r.products) covered.add(p.id);
      if (r.full) ok = (await split(prefix + c, r.products)) && ok;
    }
    const missing = sample.filter((p) => !covered.has(p.id));
    // A product whose only matching field is exactly this prefix is reached through another field.
    const exactOnly = missing.filter((p) => fields(p).some((f) => f === prefix));
    if (missing.length > exactOnly.length) ok = false;
    if (exactOnly.length > 0) exact.push({ prefix, ids: exactOnly.map((p) => p.id) });
    return ok;
  };

  const complete = await split('', root.products);
  for (const e of exact) if (e.ids.some((id) => !secure.has(id))) unsplit.push(e.prefix);
  return { products: found, complete: complete && unsplit.length === 0, calls, unsplit };
}
