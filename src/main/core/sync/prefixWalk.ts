/**
 * Mirroring the catalog without the after_id extension. getProduct answers at most 1000 products
 * (the lowest ids first) for a `%` filter matched against each searched field. So the walk asks
 * for prefixes: "a%", "b%", …; a prefix whose answer is full (1000, or `more`) is split into
 * longer prefixes "aa%", "ab%", … recursively, until every answer is complete.
 *
 * A full node is split by every character that could follow its prefix: the ones that follow it
 * in its answer (the lowest 1000 ids that match), a base alphabet (letters, digits, Hungarian
 * accents, common punctuation), and every character of every field of every product found
 * anywhere in the walk. The last set grows as the walk goes on, so full nodes are asked again for
 * characters found after they were split, until no new character turns up. A check follows every
 * split: each product of the full answer must turn up in one of the children, or have a field
 * that is exactly the prefix (no longer prefix can match that field, so such a product must turn
 * up through another of its fields in a complete answer). The walk reports itself incomplete when
 * a check fails, never silently. What it cannot see: a product past the first 1000 of a full
 * answer whose next character after the prefix is in none of those sets, i.e. a character that
 * no product found anywhere uses. With `after_id` none of this is needed (pull.ts uses keyset
 * paging whenever the server offers it).
 */
import type { ProductRecord } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import type { Failure } from '../api/outcome';

export const CAP = 1000;
const MAX_DEPTH = 64;
/** Characters tried after every full prefix even if its answer shows none of them. */
const BASE_ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789áéíóöőúüű -./_,&+()\'"#*:'];

/** The server's folding of a field for matching: NFC lower case, accents kept. */
const serverFold = (s: string) => s.normalize('NFC').toLowerCase();

function fields(p: ProductRecord): string[] {
  return [p.manufacturer, p.product_name, p.product_group, ...p.tags, p.item_number, p.foreign_item_number, p.ean_number]
    .filter((f): f is string => !!f)
    .map(serverFold);
}

/** `%` is the wildcard; the server trims the filter, so a prefix cannot start with white space. */
const usable = (prefix: string, c: string) => c !== '%' && !(prefix === '' && /\s/u.test(c));

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

  // Every character of every field of every product found so far, and what each full node was
  // split by: a character found later is tried at every full node that has not tried it yet.
  const alphabet = new Set(BASE_ALPHABET);
  const learn = (products: ProductRecord[]) => {
    for (const p of products) for (const f of fields(p)) for (const c of f) alphabet.add(c);
  };
  learn(root.products);
  const nodes = new Map<string, { sample: ProductRecord[]; tried: Set<string>; covered: Set<number> }>();
  // The characters a node's own answer shows after its prefix are in `alphabet` already: every
  // answer is learnt before its node is split.
  const untried = (prefix: string, tried: Set<string>) => [...alphabet].filter((c) => usable(prefix, c) && !tried.has(c));

  // Depth-first over prefixes; each full node's answer is checked against its children.
  const split = async (prefix: string, sample: ProductRecord[]): Promise<boolean> => {
    if (prefix.length >= MAX_DEPTH) {
      unsplit.push(prefix);
      return false;
    }
    let node = nodes.get(prefix);
    if (!node) nodes.set(prefix, (node = { sample, tried: new Set(), covered: new Set() }));
    let ok = true;
    for (;;) {
      const next = untried(prefix, node.tried).sort();
      if (next.length === 0) break;
      for (const c of next) {
        node.tried.add(c);
        const r = await ask(prefix + c);
        learn(r.products);
        for (const p of r.products) node.covered.add(p.id);
        if (r.full) ok = (await split(prefix + c, r.products)) && ok;
      }
    }
    return ok;
  };

  let complete = await split('', root.products);
  // Characters learnt deeper in the walk are tried at the nodes split before they were known.
  for (let again = true; again; ) {
    again = false;
    for (const [prefix, node] of [...nodes]) {
      if (untried(prefix, node.tried).length > 0) {
        again = true;
        complete = (await split(prefix, node.sample)) && complete;
      }
    }
  }
  for (const [prefix, node] of nodes) {
    const missing = node.sample.filter((p) => !node.covered.has(p.id));
    // A product whose only matching field is exactly this prefix is reached through another field.
    const exactOnly = missing.filter((p) => fields(p).some((f) => f === prefix));
    if (missing.length > exactOnly.length) unsplit.push(prefix);
    if (exactOnly.length > 0) exact.push({ prefix, ids: exactOnly.map((p) => p.id) });
  }
  for (const e of exact) if (e.ids.some((id) => !secure.has(id))) unsplit.push(e.prefix);
  return { products: found, complete: complete && unsplit.length === 0, calls, unsplit };
}
