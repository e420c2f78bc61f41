/**
 * The moving-average method of docs/valuation.md, applied to one product's moves in ledger order:
 * one average per warehouse, take-ins at their price in the home currency, everything else at the
 * current average, transfers carrying the source's average to the destination. Exact decimals (the
 * 24 places for the averages' divisions), no rounding until the line.
 */
import Big from 'big.js';
import type { ValuationMove } from '../../repos/valuation';

export interface PlaceState {
  qtyMilli: number;
  /**
   * The full value on hand in the home currency; undefined until a priced take-in (or a transfer
   * carrying a cost) arrives. Take-ins add to it without a division; the average is value ÷ quantity,
   * divided only when an outgoing move needs it (see average()).
   */
  value: Big | undefined;
  /** The average as last divided (or set by a take-in on an empty place); stale while `blended`. */
  avg: Big | undefined;
  /** Take-ins were added to value since avg was divided. */
  blended: boolean;
  /** Units came in without any average to take (valued at 0) since the quantity was last reset by a priced take-in. */
  unpriced: boolean;
}

/**
 * The method's own decimal constructor: an average is a division, kept to 24 places — an error below
 * 1e-24 per unit, which no value within the money module's 1e12 can carry into a fillér. strict: no
 * float sneaks in.
 */
const Dec: Big.BigConstructor = Big();
Dec.DP = 24;
Dec.RM = Big.roundHalfUp;
Dec.strict = true;

const ZERO = new Dec('0');
// Thousandths as an exact decimal without a division (`7e-3`).
const milli = (n: number) => new Dec(`${n}e-3`);

/** The unit cost of a priced take-in in the home currency, or undefined when it has none (or a foreign price lacks its rate). */
function takeInCost(m: ValuationMove, home: string): Big | undefined {
  if (m.kind !== 'takein' || m.transfer_id !== null || m.price === null) return undefined;
  const price = new Dec(m.price);
  if (m.currency === null || m.currency === home) return price;
  return m.fxrate === null ? undefined : price.times(new Dec(m.fxrate));
}

/** The current average (dividing value by quantity only if take-ins were blended in since the last division). */
export function average(s: PlaceState): Big | undefined {
  if (s.blended && s.value !== undefined && s.qtyMilli > 0) {
    s.avg = s.value.div(milli(s.qtyMilli));
    s.blended = false;
  }
  return s.avg;
}

/** One product's moves (all warehouses, in order) → its state per warehouse id. */
export function valueProduct(moves: readonly ValuationMove[], home: string): Map<number, PlaceState> {
  const places = new Map<number, PlaceState>();
  // A transfer's out line's average and mark, for its in line (same transfer, same line number).
  const carried = new Map<string, { avg: Big | undefined; unpriced: boolean }>();
  for (const m of moves) {
    let s = places.get(m.warehouse_id);
    if (!s) places.set(m.warehouse_id, (s = { qtyMilli: 0, value: undefined, avg: undefined, blended: false, unpriced: false }));
    if (m.qty_milli < 0) {
      // Out at the current average: the value left is the new quantity at that average.
      const a = average(s);
      if (m.transfer_id !== null) carried.set(`${m.transfer_id}:${m.line}`, { avg: a, unpriced: s.unpriced });
      s.qtyMilli += m.qty_milli;
      if (a !== undefined) s.value = milli(s.qtyMilli).times(a);
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
      const a = average(s);
      if (a === undefined) s.unpriced = true;
      else s.value = (s.value ?? ZERO).plus(milli(m.qty_milli).times(a));
    } else if (s.qtyMilli <= 0) {
      // Nothing (or a shortfall) on hand: the new cost is the average, and the mark is the new units'.
      s.avg = cost;
      s.blended = false;
      s.value = milli(s.qtyMilli + m.qty_milli).times(cost);
      s.unpriced = unpriced;
    } else {
      // (q × a + qty_in × c) / (q + qty_in), divided when needed. Unpriced units on hand without an
      // average (value undefined) are blended at 0, so their mark stays.
      s.value = (s.value ?? ZERO).plus(milli(m.qty_milli).times(cost));
      s.blended = true;
      s.unpriced = s.unpriced || unpriced;
    }
    s.qtyMilli += m.qty_milli;
  }
  return places;
}

/** The full-precision value of a place (0 without any cost). */
export const placeValue = (s: PlaceState): Big => s.value ?? ZERO;
