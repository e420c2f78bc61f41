/**
 * A transfer whose source holds less than its lines take out of it (figures.line: the 1-based line
 * number of the first short line; requested: what every line takes out of that source): transfer
 * what is there (the line less the shortfall), or move it out of another bin or warehouse.
 */
import { otherPlace, type Params, type ShortageFixes } from './types';

const lineOf = (params: Params, line: number | undefined) => (line !== undefined && Array.isArray(params.lines) ? (params.lines as Params[])[line - 1] : undefined);

export const setTransferFixes: ShortageFixes = {
  offers(params, f) {
    const line = lineOf(params, f.line);
    if (!line) return [];
    const rest = Number(line.quantity) - (f.requested - f.available);
    const source = { warehouse: String(line.from_warehouse), stockLabel: String(line.from_stock_label ?? '') };
    const target = { warehouse: String(line.to_warehouse), stockLabel: String(line.to_stock_label ?? '') };
    return [...(rest > 0 ? [{ kind: 'take_available' as const, quantity: rest }] : []), { kind: 'other_place' as const, by: 'bin' as const, not: [source, target] }];
  },
  apply(params, f, fix) {
    const line = lineOf(params, f.line);
    if (!line) return { problem: `The transfer no longer has line ${String(f.line)}; edit or discard the entry instead.` };
    const offers = this.offers(params, f);
    if (fix.kind === 'back_order') return { problem: 'A transfer cannot be back-ordered; edit or discard the entry instead.' };
    if (fix.kind === 'take_available') {
      const offer = offers.find((o) => o.kind === 'take_available');
      if (!offer) return { problem: 'Nothing is left to transfer from that place; move it from another place, edit or discard the entry instead.' };
      line.quantity = offer.quantity;
      return { params };
    }
    const place = otherPlace(offers.find((o) => o.kind === 'other_place'), fix);
    if ('problem' in place) return place;
    line.from_warehouse = place.warehouse;
    if (place.stockLabel) line.from_stock_label = place.stockLabel;
    else delete line.from_stock_label;
    return { params };
  },
};
