/** A wasting (setQuantity with a negative quantity) beyond the bin's stock: waste what is there, or waste it from another place. */
import { otherPlace, type ShortageFixes } from './types';

export const setQuantityFixes: ShortageFixes = {
  offers(params, f) {
    const refused = { warehouse: String(params.warehouse ?? f.warehouse), stockLabel: String(params.stock_label ?? '') };
    return [...(f.available > 0 ? [{ kind: 'take_available' as const, quantity: f.available }] : []), { kind: 'other_place' as const, by: 'bin' as const, not: [refused] }];
  },
  apply(params, f, fix) {
    if (fix.kind === 'take_available') return { params: { ...params, quantity: -f.available } };
    if (fix.kind !== 'other_place') return { problem: 'A wasting cannot be back-ordered; edit or discard the entry instead.' };
    const place = otherPlace(this.offers(params, f).find((o) => o.kind === 'other_place'), fix);
    if ('problem' in place) return place;
    const { stock_label: _label, ...rest } = params;
    return { params: { ...rest, warehouse: place.warehouse, ...(place.stockLabel ? { stock_label: place.stockLabel } : {}) } };
  },
};
