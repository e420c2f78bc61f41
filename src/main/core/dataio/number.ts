/**
 * A number cell of an imported file, read the way the screens read a typed amount
 * (src/renderer/lib/decimal.ts normalizeDecimal; the core cannot import the renderer): spaces and
 * apostrophes group digits, with both `,` and `.` the last one is the decimal mark, a single mark
 * used once is the decimal mark, used several times it groups. A trailing `%` is allowed (VAT
 * "27%"); a currency after the number is not, so "1200 Ft" is refused rather than guessed.
 */
export function readNumber(v: string | number): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  let s = v.replace(/[\s\u00a0\u202f']/g, '').replace(/^\u2212/, '-').replace(/%$/, '');
  if (s === '') return null;
  const comma = s.lastIndexOf(',');
  const dot = s.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    const decimal = comma > dot ? ',' : '.';
    s = s.split(decimal === ',' ? '.' : ',').join('').replace(decimal, '.');
  } else {
    const sep = comma >= 0 ? ',' : dot >= 0 ? '.' : null;
    if (sep) s = s.split(sep).length > 2 ? s.split(sep).join('') : s.replace(sep, '.');
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) return null;
  return Number(s);
}
