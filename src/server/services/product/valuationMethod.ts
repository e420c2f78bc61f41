/**
 * The moving-average method of docs/valuation.md, applied to one product's moves in ledger order:
 * one average per warehouse, take-ins at their price in the home currency, everything else at the
 * current average, transfers carrying the source's average to the destination. Exact decimals (the
 * money module's Big constructor, 40 places for the averages' divisions), no rounding until the line.
 */
import type Big from 'big.js';
import { Dec } from '@shared/money/decimal';
import type { ValuationMove } from '../../repos/valuation';

export interface PlaceState {
  qtyMilli: number;
  /** The average cost in the home currency; undefined until a priced take-in (or a transfer carrying one) arrives. */
  avg: Big | undefined;
  /** Units came in without any average to take (valued at 0) since the quantity was last reset by a priced take-in. */
  unpriced: boolean;
}

const ZERO = new Dec('0');
const milli = (n: number) => new Dec(String(n)).div(new Dec('1000'));

/** The unit cost of a priced take-in in the home currency, or undefined when it has none (or a foreign price lacks its rate). */
function takeInCost(m: ValuationMove, home: string): Big | undefined {
  if (m.kind !== 'takein' || m.transfer_id !== null || m.price === null) return undefined;
  const price = new Dec(m.price);
  if (m.currency === null || m.currency === home) return price;
  return m.fxrate === null ? undefined : price.times(new Dec(m.fxrate));
}

/** One product's moves (all warehouses, in order) → its state per warehouse id. */
export function valueProduct(moves: readonly ValuationMove[], home: string): Map<number, PlaceState> {
  const places = new Map<number, PlaceState>();
  // A transfer's out line's average and mark, for its in line (same transfer, same line number).
  const carried = new Map<string, { avg: Big | undefined; unpriced: boolean }>();
  for (const m of moves) {
    let s = places.get(m.warehouse_id);
    if (!s) places.set(m.warehouse_id, (s = { qtyMilli: 0, avg: undefined, unpriced: false }));
    if (m.qty_milli < 0) {
      if (m.transfer_id !== null) carried.set(`${m.transfer_id}:${m.line}`, { avg: s.avg, unpriced: s.unpriced });
      s.qtyMilli += m.qty_milli;
      continue;
    }
    let cost: Big | undefined;
    let unpriced = false;
    if (m.transfer_id !== null) {
      // Units without a cost at the source stay worth 0 here, not the destination's average.
      const from = carried.get(`${m.transfer_id}:${m.line}`);
      cost = from?.avg ?? ZERO;
      unpriced = from?.avg === undefined || from.unpriced;
    } else {
      cost = takeInCost(m, home);
    }
    if (cost === undefined) {
      // At the current average (kept); with none yet the units count at 0 and the line says so.
      if (s.avg === undefined) s.unpriced = true;
    } else if (s.qtyMilli <= 0) {
      // Nothing (or a shortfall) on hand: the new cost is the average, and the mark is the new units'.
      s.avg = cost;
      s.unpriced = unpriced;
    } else {
      // Unpriced units on hand without an average (avg undefined) are blended at 0, so their mark stays.
      s.avg = milli(s.qtyMilli).times(s.avg ?? ZERO).plus(milli(m.qty_milli).times(cost)).div(milli(s.qtyMilli + m.qty_milli));
      s.unpriced = s.unpriced || unpriced;
    }
    s.qtyMilli += m.qty_milli;
  }
  return places;
}

/** The full-precision value of a place: quantity × average (0 without an average). */
export const placeValue = (s: PlaceState): Big => (s.avg === undefined ? ZERO : milli(s.qtyMilli).times(s.avg));
