import { describe, expect, it } from 'vitest';
import type { CountLine } from '@shared/ipc';
import { diffLine, filterLines, stockChanges, summarize } from '@renderer/screens/warehouse/count/countDiff';

const line = (productId: number, expected: number, counted: number | null, name = `P${productId}`): CountLine => ({
  productId, stockLabel: '', name, ean: `59900000000${productId}`, itemNumber: `IT-${productId}`, unit: 'db', expected, counted,
});

describe('count differences', () => {
  it('classifies each line', () => {
    expect(diffLine(line(1, 10, null))).toMatchObject({ difference: null, kind: 'uncounted' });
    expect(diffLine(line(1, 10, 10))).toMatchObject({ difference: 0, kind: 'match' });
    expect(diffLine(line(1, 10, 12))).toMatchObject({ difference: 2, kind: 'surplus' });
    expect(diffLine(line(1, 10, 7))).toMatchObject({ difference: -3, kind: 'shortage' });
    expect(diffLine(line(1, 0, 0))).toMatchObject({ difference: 0, kind: 'match' });
  });

  it('compares fractional quantities in thousandths, with no float dust', () => {
    expect(diffLine(line(1, 0.3, 0.1 + 0.2))).toMatchObject({ difference: 0, kind: 'match' });
    expect(diffLine(line(1, 1.1, 1.3)).difference).toBe(0.2);
    expect(diffLine(line(1, 2.5, 0.75)).difference).toBe(-1.75);
  });

  it('sums surplus and shortage separately and counts the lines', () => {
    const s = summarize([line(1, 10, 12), line(2, 5, 5), line(3, 8, 1), line(4, 3, null), line(5, 0, 0.5), line(6, 1, 0)]);
    expect(s).toEqual({ lines: 6, counted: 5, uncounted: 1, matches: 1, surplusLines: 2, shortageLines: 2, surplus: 2.5, shortage: 8 });
  });

  it('an empty sheet sums to zero', () => {
    expect(summarize([])).toEqual({ lines: 0, counted: 0, uncounted: 0, matches: 0, surplusLines: 0, shortageLines: 0, surplus: 0, shortage: 0 });
  });

  it('turns every counted difference into one stock change and leaves uncounted and matching lines alone', () => {
    expect(stockChanges([line(1, 10, 12), line(2, 5, 5), line(3, 8, 1), line(4, 3, null)])).toEqual([
      { productId: 1, quantity: 2 },
      { productId: 3, quantity: -7 },
    ]);
  });

  it('filters by state and by words, ignoring case and accents', () => {
    const lines = [line(1, 10, 12, 'Szűrőbetét nagy'), line(2, 5, 5, 'Csavar M6'), line(3, 8, null, 'Szűrő kicsi')];
    expect(filterLines(lines, 'differences').map((l) => l.productId)).toEqual([1]);
    expect(filterLines(lines, 'uncounted').map((l) => l.productId)).toEqual([3]);
    expect(filterLines(lines, 'counted').map((l) => l.productId)).toEqual([1, 2]);
    expect(filterLines(lines, 'all', 'szuro').map((l) => l.productId)).toEqual([1, 3]);
    expect(filterLines(lines, 'all', 'SZŰRŐ nagy').map((l) => l.productId)).toEqual([1]);
    expect(filterLines(lines, 'all', 'IT-2').map((l) => l.productId)).toEqual([2]);
  });
});
