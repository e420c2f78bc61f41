/** A finalized order beyond a warehouse's available stock (figures.line: the index in items): order what is there, from another warehouse, or back-order the rest. */
import { otherPlace, type Params, type ShortageFixes } from './types';

const lineOf = (params: Params, line: number | undefined) => (line !== undefined && Array.isArray(params.items) ? (params.items as Params[])[line] : undefined);

export const setOrderFixes: ShortageFixes = {
  offers(params, f) {
    if (!lineOf(params, f.line)) return [];
    return [
      ...(f.available > 0 ? [{ kind: 'take_available' as const, quantity: f.available }] : []),
      { kind: 'other_place' as const, by: 'warehouse' as const, not: [{ warehouse: f.warehouse, stockLabel: '' }] },
      { kind: 'back_order' as const },
    ];
  },
  apply(params, f, fix) {
    const line = lineOf(params, f.line);
    if (!line) return { problem: `The order no longer has line ${String(f.line)}; edit or discard the entry instead.` };
    if (fix.kind === 'take_available') line.quantity = f.available;
    if (fix.kind === 'back_order') params.order_all = 1;
    if (fix.kind === 'other_place') {
      const place = otherPlace(this.offers(params, f).find((o) => o.kind === 'other_place'), fix);
      if ('problem' in place) return place;
      params.warehouse = place.warehouse;
    }
    return { params };
  },
};
