/**
 * How other screens open the labels screen with what to print: `#/labels?products=12:3,14:1`
 * (product id : copies), `&po=` naming the purchase order the quantities were received on. The
 * screen also reads `?tab=bins&warehouse=…` (a warehouse's bins).
 */
export function labelsLink(products: Array<{ productId: number; copies: number }>, po?: string): string {
  const q = new URLSearchParams({ products: products.map((p) => `${p.productId}:${Math.max(1, Math.ceil(p.copies))}`).join(',') });
  if (po) q.set('po', po);
  return `/labels?${q.toString()}`;
}

/** The products of a link, copies summed per product; malformed parts are left out. */
export function parseProducts(param: string | null): Array<{ productId: number; copies: number }> {
  const sum = new Map<number, number>();
  for (const part of (param ?? '').split(',')) {
    const m = /^(-?\d+):(\d+)$/.exec(part.trim());
    if (!m) continue;
    const id = Number(m[1]);
    sum.set(id, Math.min(999, (sum.get(id) ?? 0) + Math.max(1, Number(m[2]))));
  }
  return [...sum].map(([productId, copies]) => ({ productId, copies }));
}
