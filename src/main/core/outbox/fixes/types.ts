/** What a method's fixes for a stock shortage look like (one file per method beside this one). */
import type { FixOffer, StockPlace } from '@shared/ipc/types';
import type { ReasonFigures } from '@shared/protocol/reasons';

export type Fix = { kind: 'take_available' } | { kind: 'other_place'; warehouse: string; stockLabel: string } | { kind: 'back_order' };
export type FixKind = Fix['kind'];
export type Shortage = ReasonFigures<'insufficient_stock'>;
export type Params = Record<string, unknown>;
export type { FixOffer, StockPlace };

/**
 * A method's fixes for `insufficient_stock`: which it offers for these parameters and figures, and
 * the parameters with one applied (`params` is the entry's own copy, free to change). Every fix a
 * method offers must work: apply refuses only what offers would not have offered.
 */
export interface ShortageFixes {
  offers(params: Params, figures: Shortage): FixOffer[];
  apply(params: Params, figures: Shortage, fix: Fix): { params: Params } | { problem: string };
}

export const samePlace = (a: StockPlace, b: StockPlace) => a.warehouse.toLowerCase() === b.warehouse.toLowerCase() && a.stockLabel === b.stockLabel;

/** The other place a fix names, refused when it is one the offer left out. */
export function otherPlace(offer: FixOffer | undefined, fix: Extract<Fix, { kind: 'other_place' }>): StockPlace | { problem: string } {
  const place = { warehouse: fix.warehouse, stockLabel: offer?.kind === 'other_place' && offer.by === 'warehouse' ? '' : fix.stockLabel };
  if (offer?.kind === 'other_place' && offer.not.some((n: StockPlace) => (offer.by === 'warehouse' ? n.warehouse.toLowerCase() === place.warehouse.toLowerCase() : samePlace(n, place)))) {
    return { problem: `${place.warehouse}${place.stockLabel ? ` (${place.stockLabel})` : ''} is the place the entry already names; pick another place, edit or discard the entry instead.` };
  }
  return place;
}
