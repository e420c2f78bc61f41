import { isDecimal, normalizeDecimal } from '../../lib/decimal';

/**
 * A typed quantity read with the kit's parser ("1 234,5" = "1234.5"): the number when it is 0 or more
 * with at most three decimals (the server keeps thousandths), else null. Checked on the text, not the
 * float (1.005 × 1000 is 1004.999… in binary).
 */
export function readQuantity(text: string): number | null {
  const s = normalizeDecimal(text);
  if (!isDecimal(s) || s.startsWith('-') || /\.\d{4,}$/.test(s)) return null;
  return Number(s);
}
