/**
 * Local ids in outbox parameters. A command about something made offline (an order, a product, an
 * invoice) carries that thing's negative local id; when the command is sent, the id is replaced
 * by the server's id from id_map. Until then the command waits behind the one that creates it.
 */
import type { Db } from '../mirror/db';
import { resolveId } from '../mirror/settings';

type Kind = 'product' | 'order' | 'invoice';

/** Where ids sit in each method's parameters: top-level fields and fields of list items. */
const REFS: Record<string, { fields?: Record<string, Kind>; lists?: Record<string, Record<string, Kind>> }> = {
  setQuantity: { fields: { product_id: 'product' } },
  setProduct: { fields: { id: 'product' } },
  setOrder: { fields: { id: 'order' }, lists: { items: { product_id: 'product' } } },
  setOrderItem: { fields: { order_id: 'order' }, lists: { products: { product_id: 'product' } } },
  setInvoice: { fields: { storno_id: 'invoice', order_id: 'order', from_proforma_id: 'invoice' }, lists: { items: { product_id: 'product' } } },
  setBalance: { fields: { invoice_id: 'invoice' } },
  setTransfer: { lists: { lines: { product_id: 'product' } } },
};

function each(method: string, params: Record<string, unknown>, fn: (kind: Kind, id: number, set: (v: number) => void) => void): void {
  const spec = REFS[method];
  if (!spec) return;
  for (const [field, kind] of Object.entries(spec.fields ?? {})) {
    const v = params[field];
    if (typeof v === 'number') fn(kind, v, (n) => (params[field] = n));
  }
  for (const [list, fields] of Object.entries(spec.lists ?? {})) {
    const items = params[list];
    if (!Array.isArray(items)) continue;
    for (const item of items as Array<Record<string, unknown>>) {
      for (const [field, kind] of Object.entries(fields)) {
        const v = item[field];
        if (typeof v === 'number') fn(kind, v, (n) => (item[field] = n));
      }
    }
  }
}

/** The local ids a command refers to, as "kind:-n". */
export function localRefs(method: string, params: Record<string, unknown>): string[] {
  const out = new Set<string>();
  each(method, structuredClone(params), (kind, id) => {
    if (id < 0) out.add(`${kind}:${id}`);
  });
  return [...out];
}

/** The parameters with server ids, or the first local id the server has not assigned yet. */
export function resolveParams(db: Db, method: string, params: Record<string, unknown>): { params: Record<string, unknown> } | { missing: string } {
  const copy = structuredClone(params);
  let missing: string | null = null;
  each(method, copy, (kind, id, set) => {
    if (id >= 0 || missing) return;
    const server = resolveId(db, kind, id);
    if (server === null) missing = `${kind}:${id}`;
    else set(server);
  });
  return missing ? { missing } : { params: copy };
}
