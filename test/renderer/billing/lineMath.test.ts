import { describe, expect, it } from 'vitest';
import { addDecimalText, normalizeDecimal } from '@renderer/lib/decimal';
import { liveTotals } from '@renderer/lib/lineMath';
import { EUR_EXPECTED, EUR_FX, EUR_LINES, HUF_EXPECTED, HUF_LINES } from './fixtures';

describe('live totals of what the clerk typed', () => {
  it('HUF: mixed VAT rates and discounts, decimal commas and digit groups', () => {
    const t = liveTotals(HUF_LINES, 'HUF', '');
    expect(t.complete).toBe(true);
    expect(t.lines.map((l) => l?.gross)).toEqual(HUF_EXPECTED.lines);
    expect(t.doc.vatSummary).toEqual(HUF_EXPECTED.vatSummary);
    expect(t.doc.totals).toEqual(HUF_EXPECTED.totals);
  });

  it('EUR at 395,5: HUF values per line, per rate and in total', () => {
    const t = liveTotals(EUR_LINES, 'EUR', EUR_FX);
    expect(t.complete).toBe(true);
    expect(t.lines.map((l) => l?.gross)).toEqual(EUR_EXPECTED.lines);
    expect(t.doc.vatSummary).toEqual(EUR_EXPECTED.vatSummary);
    expect(t.doc.totals).toEqual(EUR_EXPECTED.totals);
  });

  it('an unfinished line is named, not guessed; the rest still adds up', () => {
    const lines = [HUF_LINES[0]!, { quantity: '2', unitPrice: '', discount: '', vatRate: '27' }, { quantity: '1', unitPrice: '100', discount: '120', vatRate: '27' }];
    const t = liveTotals(lines, 'HUF', '');
    expect(t.complete).toBe(false);
    expect(t.problems).toEqual([null, 'unitPrice', 'discount']);
    expect(t.lines[1]).toBeNull();
    expect(t.doc.totals.gross).toBe('4232');
  });

  it('a bad exchange rate makes the totals incomplete; HUF with rate 1 is fine', () => {
    expect(liveTotals(EUR_LINES, 'EUR', 'abc').fxProblem).toBe(true);
    // More places than a rate may have is a problem to show, not a crash.
    expect(liveTotals(EUR_LINES, 'EUR', '395.5599004').fxProblem).toBe(true);
    expect(liveTotals(EUR_LINES, 'EUR', '0').fxProblem).toBe(true);
    expect(liveTotals(HUF_LINES, 'HUF', '1').complete).toBe(true);
    // Without a rate a foreign document has no HUF figures (and the form asks for one).
    expect(liveTotals(EUR_LINES, 'EUR', '').doc.totals.grossHuf).toBeUndefined();
  });
});

describe('decimal text', () => {
  it('reads the separators clerks type', () => {
    expect(normalizeDecimal('1 234,50')).toBe('1234.50');
    expect(normalizeDecimal('1.234,5')).toBe('1234.5');
    expect(normalizeDecimal('1,234.5')).toBe('1234.5');
    expect(normalizeDecimal(' 12.5 ')).toBe('12.5');
    expect(normalizeDecimal('')).toBe('');
  });

  it('adds quantities exactly', () => {
    expect(addDecimalText('0,1', '0.2')).toBe('0.3');
    expect(addDecimalText('1.5', '1')).toBe('2.5');
    expect(addDecimalText('2', '1')).toBe('3');
  });
});
