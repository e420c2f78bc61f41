/**
 * Search folding: lower case without accents, so "szuro", "SZŰRŐ" and "szűrő" all find "Szűrő".
 * Hungarian ő/ű carry a double acute that NFD splits off like any other mark.
 */
export const fold = (s: string): string =>
  s.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\p{Cc}/gu, ' ');

/** Free text → an FTS5 query: every word must match as a prefix ("szur 10" → "szur"* AND "10"*). */
export function ftsQuery(text: string): string | null {
  const words = fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' AND ');
}

/** Quantities are kept as integer thousandths so that sums of 0.1 + 0.2 stay exact. */
export const toMilli = (q: number): number => Math.round(q * 1000);
export const fromMilli = (m: number): number => m / 1000;
