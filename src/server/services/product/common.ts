/** Conversions shared by the product services: quantities in thousandths, canonical decimals, errors. */
import Big from 'big.js';
import { MoneyError, toMinorUnits } from '@shared/money';
import { invalid, notFound, reason, type ErrorDetail } from '@shared/protocol';

/** Quantities are kept in thousandths (grams of a kg, millilitres of a litre); finer input is refused. */
export function toMilli(n: number, field: string): number {
  try {
    return toMinorUnits(n, 3);
  } catch (e) {
    if (e instanceof MoneyError) throw invalid(`${field} may have at most 3 decimal places; got ${n}.`, [{ field, message: 'may have at most 3 decimal places' }]);
    throw e;
  }
}

/** Integer division by 1000 is correctly rounded, so this is exactly the decimal's nearest double. */
export const fromMilli = (milli: number) => (milli === 0 ? 0 : milli / 1000);

/** A canonical decimal string ("12.5", never "1.25e1"), at most 6 decimal places. */
export function decimal(n: number, field: string): string {
  const x = new Big(String(n));
  if (Math.max(0, x.c.length - x.e - 1) > 6) {
    throw invalid(`${field} may have at most 6 decimal places; got ${n}.`, [{ field, message: 'may have at most 6 decimal places' }]);
  }
  return x.toFixed();
}

export const optDecimal = (n: number | undefined, field: string) => (n === undefined ? undefined : decimal(n, field));

/** Decimal text back to a JSON number (exact for the magnitudes the schemas allow). */
export const optNum = (s: string | undefined) => (s === undefined ? undefined : Number(s));

export function missing(what: string, field: string, id: number | string): never {
  // A warehouse is named, not numbered: its detail says "name" (issue 15).
  const detail: ErrorDetail = { field, message: `no ${what} with this ${typeof id === 'number' ? 'id' : 'name'} in your account` };
  throw notFound(`${what[0]!.toUpperCase()}${what.slice(1)} ${typeof id === 'number' ? id : `"${id}"`} does not exist in your account.`, [detail],
    reason('unknown_record', { kind: what.replace(/ /g, '_'), id: String(id), field }));
}
