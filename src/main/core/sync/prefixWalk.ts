/**
 * Mirroring the catalog without the after_id extension. getProduct answers at most 1000 products
 * (the lowest ids first) for a `%` filter matched against each searched field. So the walk asks
 * for prefixes: "a%", "b%", …; a prefix whose answer is full (1000, or `more`) is split into
 * longer prefixes "aa%", "ab%", … recursively, until every answer is complete.
 *
 * The alphabet of the split is a base set plus every character seen in any field so far. A check
 * guards against a character the base set lacks: every product in a full answer must turn up in
 * one of its children, or have a field that is exactly the prefix (which no longer prefix can
 * match). A product that fails the check adds its next character to the alphabet and the node is
 * split again. What the walk cannot split (over 1000 products whose every field equals another's)
 * is reported as incomplete, never silently dropped.
 */
import type { ProductRecord } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import type { Failure } from '../api/outcome';

export const CAP = 1000;
const BASE = 'abcdefghijklmnopqrstuvwxyz0123456789áéíóöőúüű -./&+#()';
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

export async function walkProducts(api: ApiClient, onProgress?: (found: number) => void): Promise<WalkResult> {
  const found = new Map<number, ProductRecord>();
  const alphabet = new Set([...BASE]);
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
    for (const p of o.result.products) for (const f of fields(p)) for (const ch of f) if (ch !== '%') alphabet.add(ch);
    const full = o.result.products.length >= CAP || o.result.more === 1;
    if (!full) for (const p of o.result.products) secure.add(p.id);
    return { products: o.result.products, full };
  };

  const root = await ask('');
  if (!root.full) return { products: found, complete: true, calls, unsplit };

  // Depth-first over prefixes; each full node lists its sample to check against its children.
  const split = async (prefix: string, sample: ProductRecord[]): Promise<boolean> => {
    if (prefix.length >= MAX_DEPTH) {
      unsplit.push(prefix);
      return false;
    }
    const covered = new Set<number>();
    const tried = new Set<string>();
    let ok = true;
    for (;;) {
      const next = [...alphabet].filter((c) => !tried.has(c));
      if (next.length === 0) break;
      for (const c of next) {
        tried.add(c);
        const child = prefix + c;
        const r = await ask(child);
        for (const p of r.products) covered.add(p.id);
        if (r.full) ok = (await split(child, r.products)) && ok;
      }
      // Characters the alphabet lacked show up as products of the sample not found below.
      const missing = sample.filter((p) => !covered.has(p.id) && !fields(p).some((f) => f === prefix));
      const chars = new Set(missing.flatMap((p) => fields(p).filter((f) => f.startsWith(prefix) && f.length > prefix.length).map((f) => f[prefix.length]!)));
      if ([...chars].every((c) => tried.has(c))) {
        if (missing.length > 0) ok = false;
        break;
      }
      for (const c of chars) alphabet.add(c);
    }
    // Products whose field is exactly this prefix cannot be reached by a longer one; they must
    // turn up through another field (every product has a name) in a complete answer.
    const ids = sample.filter((p) => !covered.has(p.id)).map((p) => p.id);
    if (ids.length > 0) exact.push({ prefix, ids });
    return ok;
  };

  const complete = await split('', root.products);
  for (const e of exact) if (e.ids.some((id) => !secure.has(id))) unsplit.push(e.prefix);
  return { products: found, complete: complete && unsplit.length === 0, calls, unsplit };
}
