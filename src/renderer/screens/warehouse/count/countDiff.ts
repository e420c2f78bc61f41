/**
 * Expected against counted, line by line, and what posting the count will change. Quantities are
 * compared in thousandths, as the core stores them, so 0.1 + 0.2 counts as 0.3 and no phantom
 * difference of 0.0000001 is ever posted.
 */
import type { CountLine } from '@shared/ipc';

export type DiffKind = 'uncounted' | 'match' | 'surplus' | 'shortage';

export interface LineDiff {
  line: CountLine;
  /** counted − expected; null while the line is not counted. */
  difference: number | null;
  kind: DiffKind;
}

const milli = (n: number) => Math.round(n * 1000);

export function diffLine(line: CountLine): LineDiff {
  if (line.counted === null) return { line, difference: null, kind: 'uncounted' };
  const d = milli(line.counted) - milli(line.expected);
  return { line, difference: d / 1000, kind: d === 0 ? 'match' : d > 0 ? 'surplus' : 'shortage' };
}

export interface CountSummary {
  lines: number;
  counted: number;
  uncounted: number;
  matches: number;
  surplusLines: number;
  shortageLines: number;
  /** Sum of the positive differences (what will be taken in). */
  surplus: number;
  /** Sum of the negative differences, as a positive number (what will be wasted). */
  shortage: number;
}

export function summarize(lines: readonly CountLine[]): CountSummary {
  const s: CountSummary = { lines: lines.length, counted: 0, uncounted: 0, matches: 0, surplusLines: 0, shortageLines: 0, surplus: 0, shortage: 0 };
  let surplusMilli = 0;
  let shortageMilli = 0;
  for (const l of lines) {
    const d = diffLine(l);
    if (d.kind === 'uncounted') {
      s.uncounted++;
      continue;
    }
    s.counted++;
    const m = milli(d.difference ?? 0);
    if (d.kind === 'match') {
      s.matches++;
    } else if (d.kind === 'surplus') {
      s.surplusLines++;
      surplusMilli += m;
    } else {
      s.shortageLines++;
      shortageMilli -= m;
    }
  }
  s.surplus = surplusMilli / 1000;
  s.shortage = shortageMilli / 1000;
  return s;
}

/** What `count.post` will send: a take-in (+) or a wasting (−) per counted line that differs. Uncounted lines stay as they are. */
export function stockChanges(lines: readonly CountLine[]): Array<{ productId: number; quantity: number }> {
  return lines.map(diffLine).flatMap((d) => (d.kind === 'surplus' || d.kind === 'shortage' ? [{ productId: d.line.productId, quantity: d.difference ?? 0 }] : []));
}

export type CountFilter = 'all' | 'counted' | 'differences' | 'uncounted';

/** Case- and accent-insensitive, so "szuro" finds "Szűrőbetét". */
export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function filterLines(lines: readonly CountLine[], filter: CountFilter, query = ''): CountLine[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return lines.filter((l) => {
    const kind = diffLine(l).kind;
    if (filter === 'counted' && kind === 'uncounted') return false;
    if (filter === 'uncounted' && kind !== 'uncounted') return false;
    if (filter === 'differences' && kind !== 'surplus' && kind !== 'shortage') return false;
    if (words.length === 0) return true;
    const hay = fold([l.name, l.ean, l.itemNumber, l.stockLabel].filter(Boolean).join(' '));
    return words.every((w) => hay.includes(w));
  });
}
