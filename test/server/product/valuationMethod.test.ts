/** The moving-average method's edge cases (docs/valuation.md), on the pure function the service runs. */
import { describe, expect, it } from 'vitest';
import type { ValuationMove } from '@server/repos/valuation';
import { average, placeValue, valueProduct } from '@server/services/product/valuationMethod';

let receipt = 0;
const move = (warehouse: number, qty: number, o: Partial<ValuationMove> = {}): ValuationMove => ({
  product_id: 1, warehouse_id: warehouse, receipt_id: ++receipt, line: 1, qty_milli: qty * 1000, kind: qty > 0 ? 'takein' : 'wasting',
  price: null, currency: null, fxrate: null, transfer_id: null, ...o,
});
const priced = (warehouse: number, qty: number, price: string, currency = 'HUF', fxrate: string | null = null) => move(warehouse, qty, { price, currency, fxrate });
const state = (moves: ValuationMove[], warehouse = 1) => {
  const s = valueProduct(moves, 'HUF').get(warehouse)!;
  // Averages are divisions kept to 40 places (docs/valuation.md): compared to 20, far below a fillér.
  return { qty: s.qtyMilli / 1000, avg: average(s)?.round(20).toFixed(), value: placeValue(s).round(20).toFixed(), unpriced: s.unpriced };
};

describe('valueProduct', () => {
  it('a negative on hand is valued at the last average, and the next priced take-in resets the average', () => {
    const moves = [priced(1, 2, '100'), move(1, -5)];
    expect(state(moves)).toEqual({ qty: -3, avg: '100', value: '-300', unpriced: false });
    moves.push(priced(1, 10, '130'));
    expect(state(moves)).toEqual({ qty: 7, avg: '130', value: '910', unpriced: false });
  });

  it('unpriced units before any price count at 0 and stay marked while on hand; a take-in on an empty place clears it', () => {
    const moves = [move(1, 4)];
    expect(state(moves)).toEqual({ qty: 4, avg: undefined, value: '0', unpriced: true });
    moves.push(priced(1, 4, '100'));
    expect(state(moves)).toEqual({ qty: 8, avg: '50', value: '400', unpriced: true });
    moves.push(move(1, -8), priced(1, 1, '70'));
    expect(state(moves)).toEqual({ qty: 1, avg: '70', value: '70', unpriced: false });
  });

  it('a take-in without price after a priced one comes in at the average; a PO receipt too', () => {
    expect(state([priced(1, 3, '10'), move(1, 2), move(1, 5, { kind: 'po_takein' })])).toEqual({ qty: 10, avg: '10', value: '100', unpriced: false });
  });

  it('a foreign price counts at its fx rate; one without a rate counts as unpriced', () => {
    expect(state([priced(1, 2, '1.5', 'EUR', '401.25')])).toMatchObject({ avg: '601.875', value: '1203.75' });
    expect(state([priced(1, 2, '1.5', 'EUR', null)])).toMatchObject({ avg: undefined, unpriced: true });
  });

  it('a transfer carries the exact source average (a third) and keeps the total', () => {
    const out = move(1, -1, { transfer_id: 9, line: 1 });
    const into = move(2, 1, { transfer_id: 9, line: 1, kind: 'takein' });
    const moves = [priced(1, 3, '100'), priced(1, 0 + 1, '101'), priced(2, 2, '7'), out, into];
    // Source: (300 + 101) / 4 = 100.25; destination: (2 × 7 + 100.25) / 3 = 38.083…
    const places = valueProduct(moves, 'HUF');
    const total = placeValue(places.get(1)!).plus(placeValue(places.get(2)!));
    expect(total.round(20).toFixed()).toBe('415');
    expect(state(moves, 1)).toMatchObject({ qty: 3, avg: '100.25', value: '300.75' });
    expect(state(moves, 2).avg!.startsWith('38.08333333')).toBe(true);
  });

  it('a transfer of units without a cost brings 0 and the mark, not the destination\'s average', () => {
    const moves = [move(1, 2), priced(2, 1, '50'), move(1, -2, { transfer_id: 4, line: 1 }), move(2, 2, { transfer_id: 4, line: 1, kind: 'takein' })];
    expect(state(moves, 2)).toMatchObject({ qty: 3, value: '50', unpriced: true });
  });
});
