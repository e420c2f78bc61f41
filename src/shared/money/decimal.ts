import Big from 'big.js';

/**
 * A private Big constructor: Big.DP/Big.RM are process-wide settings, and another module changing
 * them must not change an invoice total. strict mode makes any accidental `times(0.1)` (a float
 * literal) throw instead of silently going through a float.
 */
export const Dec: Big.BigConstructor = Big();
Dec.DP = 40;
Dec.RM = Big.roundHalfUp;
Dec.strict = true;

/** A decimal amount as it arrives from JSON, SQLite or a form: "12.50" or 12.5. */
export type DecimalInput = string | number;

/** Invalid money input. `field` names the offending input, e.g. "lines[2].vatRate". */
export class MoneyError extends Error {
  override readonly name = 'MoneyError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Inputs larger than this are typing mistakes (or unit mix-ups), not invoices. */
export const MAX_MAGNITUDE = new Dec('1e12');
const MAX_WHOLE = MAX_MAGNITUDE.toNumber();
/** Quantities, unit prices, rates and percentages: at most this many decimal places. */
export const MAX_INPUT_DECIMALS = 6;

// big.js's own grammar, checked first so that the error can say what is wrong.
const NUMERIC = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

export function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** Decimal places actually used ("1.500" has 1); big.js keeps digits without trailing zeros. */
export function decimalsOf(x: Big): number {
  return Math.max(0, x.c.length - x.e - 1);
}

interface ParseOptions {
  maxDecimals?: number;
  /** false only for values that are outputs (toNumber), which may legitimately be large sums. */
  bounded?: boolean;
}

export function parseDecimal(value: DecimalInput, field: string, options: ParseOptions = {}): Big {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value))
      throw new MoneyError(field, `${field} must be a finite number, got ${value}`);
    // Shortest round-trip form: 19.99 stays "19.99" rather than its binary expansion.
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    throw new MoneyError(field, `${field} must be a decimal string or number, got ${show(value)}`);
  }
  if (!NUMERIC.test(text)) {
    const hint = /^-?\d+,\d+$/.test(text) ? ' (use a dot as the decimal separator)' : '';
    throw new MoneyError(
      field,
      `${field} must be a decimal number such as "12.50", got ${show(value)}${hint}`,
    );
  }
  const x = new Dec(text);
  if (options.bounded !== false && x.abs().gt(MAX_MAGNITUDE)) {
    throw new MoneyError(field, `${field} must be between -1e12 and 1e12, got ${show(value)}`);
  }
  if (options.maxDecimals !== undefined && decimalsOf(x) > options.maxDecimals) {
    throw new MoneyError(
      field,
      `${field} may have at most ${options.maxDecimals} decimal places, got ${show(value)}`,
    );
  }
  return x;
}

/** A percentage 0..100 inclusive with at most 6 decimals (VAT rate, discount). */
export function parsePercent(value: DecimalInput, field: string): Big {
  const x = parseDecimal(value, field, { maxDecimals: MAX_INPUT_DECIMALS });
  if (x.lt('0') || x.gt('100')) {
    throw new MoneyError(field, `${field} must be a percentage between 0 and 100, got ${show(value)}`);
  }
  return x;
}

/**
 * Decimal places of a currency: HUF 0, everything else 2 (EUR, USD, GBP and unknown codes).
 * Throws for anything that is not three capital letters, so that "huf" cannot silently get 2.
 */
export function currencyDecimals(currency: string): number {
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw new MoneyError(
      'currency',
      `currency must be a three-letter ISO 4217 code in capitals such as "HUF" or "EUR", got ${show(currency)}`,
    );
  }
  return currency === 'HUF' ? 0 : 2;
}

/** Rounds half away from zero to `dp` places and prints exactly `dp` places, never "-0". */
export function formatFixed(x: Big, dp: number): string {
  // Round before toFixed: big.js prints (-0.001).toFixed(2) as "-0.00", but a rounded zero as "0.00".
  return x.round(dp, Dec.roundHalfUp).toFixed(dp);
}

/** Rounds any decimal to the currency's places, half away from zero: ("0.005", "EUR") → "0.01". */
export function roundMoney(value: DecimalInput, currency: string): string {
  const dp = currencyDecimals(currency);
  return formatFixed(parseDecimal(value, 'value'), dp);
}

// Balances add already-rounded amounts; an unrounded operand would make sum-of-rounded ≠ rounded sum.
function parseAmount(value: DecimalInput, field: string, currency: string, dp: number): Big {
  const x = parseDecimal(value, field);
  if (decimalsOf(x) > dp) {
    throw new MoneyError(
      field,
      `${field} has more decimal places than ${currency} allows (${dp}), got ${show(value)}; round it with roundMoney first`,
    );
  }
  return x;
}

/** a + b for amounts already in the currency's precision (throws otherwise). */
export function addMoney(a: DecimalInput, b: DecimalInput, currency: string): string {
  const dp = currencyDecimals(currency);
  return formatFixed(parseAmount(a, 'a', currency, dp).plus(parseAmount(b, 'b', currency, dp)), dp);
}

/** a − b for amounts already in the currency's precision (throws otherwise). */
export function subMoney(a: DecimalInput, b: DecimalInput, currency: string): string {
  const dp = currencyDecimals(currency);
  return formatFixed(parseAmount(a, 'a', currency, dp).minus(parseAmount(b, 'b', currency, dp)), dp);
}

/** Sum of amounts already in the currency's precision; [] sums to zero ("0.00"). */
export function sumMoney(values: DecimalInput[], currency: string): string {
  const dp = currencyDecimals(currency);
  let sum = new Dec('0');
  values.forEach((v, i) => {
    sum = sum.plus(parseAmount(v, `values[${i}]`, currency, dp));
  });
  return formatFixed(sum, dp);
}

/** Numeric comparison: compareMoney("1.50", 1.5) === 0. */
export function compareMoney(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return parseDecimal(a, 'a').cmp(parseDecimal(b, 'b'));
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 12) {
    throw new MoneyError('scale', `scale must be a whole number between 0 and 12, got ${show(scale)}`);
  }
}

/**
 * The exact integer count of 10^-scale units, for SQLite INTEGER columns: ("12.34") → 1234.
 * Throws when the value has more decimals than `scale` or the result is not a safe integer.
 */
export function toMinorUnits(value: DecimalInput, scale = 2): number {
  checkScale(scale);
  // Whole numbers within MAX_MAGNITUDE (most quantities) scale exactly in a double while the product stays safe.
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= MAX_WHOLE) {
    const minor = value * 10 ** scale;
    if (Number.isSafeInteger(minor)) return minor === 0 ? 0 : minor;
  }
  const x = parseDecimal(value, 'value');
  if (decimalsOf(x) > scale) {
    throw new MoneyError(
      'value',
      `value has more than ${scale} decimal places, so it is not a whole number of minor units, got ${show(value)}`,
    );
  }
  const minor = Number(x.times(`1e${scale}`).toFixed(0));
  if (!Number.isSafeInteger(minor)) {
    throw new MoneyError('value', `value ${show(value)} at scale ${scale} is beyond the safe integer range`);
  }
  return minor === 0 ? 0 : minor; // no -0 in storage
}

/** The inverse of toMinorUnits: (1234, "EUR") → "12.34". Throws if the currency cannot hold it exactly. */
export function fromMinorUnits(minor: number, currency: string, scale = 2): string {
  checkScale(scale);
  const dp = currencyDecimals(currency);
  if (!Number.isSafeInteger(minor)) {
    throw new MoneyError('minor', `minor must be a safe integer, got ${show(minor)}`);
  }
  const x = new Dec(String(minor)).times(`1e-${scale}`);
  if (decimalsOf(x) > dp) {
    throw new MoneyError(
      'minor',
      `minor ${minor} at scale ${scale} is ${x.toFixed()}, which has more decimal places than ${currency} allows (${dp})`,
    );
  }
  return formatFixed(x, dp);
}

/** Number(value) for JSON output; throws if the decimal cannot be represented as a double exactly. */
export function toNumber(value: string): number {
  const x = parseDecimal(value, 'value', { bounded: false });
  const n = Number(x.toFixed());
  if (!Number.isFinite(n) || !new Dec(String(n)).eq(x)) {
    throw new MoneyError('value', `value ${show(value)} cannot be represented as a JSON number exactly`);
  }
  return n === 0 ? 0 : n;
}
