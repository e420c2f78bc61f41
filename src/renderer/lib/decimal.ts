/**
 * What a clerk types into an amount field, turned into the dot-decimal text the shared schemas and
 * @shared/money read. Hungarian, German, Polish and Spanish clerks type a decimal comma and group
 * digits with spaces or dots; nothing here goes through a float.
 */

/**
 * The one reading of a typed number on every screen (parseNumberInput in format.ts is this too):
 * "1 234,50" → "1234.50"; "12.5" stays; "" stays "" (absent). With both separators the last one is
 * the decimal mark; a single separator used once is the decimal mark, used several times it groups
 * ("1.234.567"). A leading "−" (U+2212, as Intl prints it) is a minus. Anything else comes back
 * trimmed, for the caller's check (isDecimal) to refuse.
 */
export function normalizeDecimal(raw: string): string {
  let s = raw.replace(/[\s\u00a0\u202f']/g, '').replace(/^\u2212/, '-');
  if (s === '') return '';
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // Whichever comes last is the decimal separator; the other groups thousands.
    const decimal = comma > dot ? ',' : '.';
    return s.split(decimal === ',' ? '.' : ',').join('').replace(decimal, '.');
  }
  const sep = comma >= 0 ? ',' : dot >= 0 ? '.' : null;
  if (sep) s = s.split(sep).length > 2 ? s.split(sep).join('') : s.replace(sep, '.');
  return s;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** True when the (normalized) text is a plain decimal number. */
export const isDecimal = (s: string) => DECIMAL.test(s);

/** Normalized text, or undefined when empty: what a form sends for an optional number. */
export function optionalDecimal(raw: string | undefined): string | undefined {
  const s = normalizeDecimal(raw ?? '');
  return s === '' ? undefined : s;
}

/** Exact sum of two decimal texts ("1.5" + "2" = "3.5"), for merging a scanned item into its line. */
export function addDecimalText(a: string, b: string): string {
  const x = normalizeDecimal(a);
  const y = normalizeDecimal(b);
  if (!isDecimal(x) || !isDecimal(y)) return a;
  const places = Math.max(decimals(x), decimals(y));
  const sum = scaled(x, places) + scaled(y, places);
  const neg = sum < 0n;
  const digits = (neg ? -sum : sum).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = places ? `.${digits.slice(-places)}`.replace(/\.?0+$/, '') : '';
  return `${neg ? '-' : ''}${int}${frac}`;
}

const decimals = (s: string) => (s.includes('.') ? s.length - s.indexOf('.') - 1 : 0);

function scaled(s: string, places: number): bigint {
  const neg = s.startsWith('-');
  const body = s.replace(/^[+-]/, '');
  const [int = '0', frac = ''] = body.split('.');
  const v = BigInt((int || '0') + frac.padEnd(places, '0'));
  return neg ? -v : v;
}
