/** The label maths: sheet grids on A4, start positions, quiet zones and module widths, name fitting. */
import { describe, expect, it } from 'vitest';
import { labelBoxes, MM, perPage, SHEET_IDS, SHEETS } from '@shared/labels/sheets';
import { chooseBarcode, isValidEan13 } from '@shared/labels/barcode';
import { barPattern } from '@documents/labelBarcode';
import { barcodeGeometry, MAX_MODULE, MIN_MODULE, type BarcodeGeometry } from '@documents/labelGeometry';
import { labelAreas, planLabels, type LabelItem } from '@documents/labelPlan';
import { fitLines } from '@documents/labelsPdf';

const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;

describe('label sheets', () => {
  it.each(SHEET_IDS)('%s: the grid fits its page, centred, labels not overlapping', (id) => {
    const s = SHEETS[id];
    const right = s.left + s.columns * s.labelWidth + (s.columns - 1) * s.gapX;
    const bottom = s.top + s.rows * s.labelHeight + (s.rows - 1) * s.gapY;
    expect(right).toBeLessThanOrEqual(s.pageWidth + 1e-9);
    expect(bottom).toBeLessThanOrEqual(s.pageHeight + 1e-9);
    expect(Math.abs(s.pageWidth - right - s.left)).toBeLessThan(0.02);
    expect(Math.abs(s.pageHeight - bottom - s.top)).toBeLessThan(0.02);
  });

  it('the common sizes: 24 × 70×37, 21 × 63.5×38.1, 40 × 48.5×25.4 on A4, one 58×40 per roll page', () => {
    expect(SHEET_IDS.map((id) => [id, perPage(SHEETS[id]), SHEETS[id].labelWidth, SHEETS[id].labelHeight])).toEqual([
      ['a4-3x8', 24, 70, 37], ['a4-3x7', 21, 63.5, 38.1], ['a4-4x10', 40, 48.5, 25.4], ['roll-58x40', 1, 58, 40],
    ]);
  });

  it('boxes go row by row from the top left; skip starts later on the first sheet and the rest flow onto the next', () => {
    const s = SHEETS['a4-3x8'];
    const b = labelBoxes(s, 22, 4);
    expect(b.map((x) => [x.page, x.slot])).toEqual([[0, 22], [0, 23], [1, 0], [1, 1]]);
    // Slot 22 = row 7, column 1 (0-based).
    expect(near(b[0]!.x, 70 * MM)).toBe(true);
    expect(near(b[0]!.y, (s.top + 7 * 37) * MM)).toBe(true);
    expect(near(b[2]!.x, 0) && near(b[2]!.y, s.top * MM)).toBe(true);
    const l7160 = labelBoxes(SHEETS['a4-3x7'], 0, 2);
    expect(near(l7160[1]!.x - l7160[0]!.x, (63.5 + 2.5) * MM)).toBe(true);
  });

  it('a skip beyond the sheet is refused with the range to use', () => {
    expect(() => labelBoxes(SHEETS['a4-4x10'], 40, 1)).toThrow('skip must be a whole number from 0 to 39 for a4-4x10, got 40');
    expect(() => labelBoxes(SHEETS['roll-58x40'], 1, 1)).toThrow('from 0 to 0');
    expect(() => labelBoxes(SHEETS['a4-3x8'], 1.5, 1)).toThrow('whole number');
  });
});

describe('barcode choice', () => {
  it('EAN-13 only with the right check digit', () => {
    expect(isValidEan13('5901234123457')).toBe(true);
    expect(isValidEan13('5901234123458')).toBe(false);
    expect(isValidEan13('590123412345')).toBe(false);
    expect(chooseBarcode('5901234123457', 'SKU-1')).toEqual({ symbology: 'ean13', value: '5901234123457' });
    expect(chooseBarcode('5901234123458', 'SKU-1')).toEqual({ symbology: 'code128', value: 'SKU-1' });
    expect(chooseBarcode(' 96385074 ', null)).toEqual({ symbology: 'code128', value: '96385074' });
    expect(chooseBarcode(null, '  ')).toEqual({ problem: 'no_code' });
    expect(chooseBarcode(null, 'ÁRVÍZ')).toEqual({ problem: 'not_ascii' });
    // A non-ASCII SKU gives way to an ASCII EAN.
    expect(chooseBarcode('12345', 'ÁRVÍZ')).toEqual({ symbology: 'code128', value: '12345' });
  });
});

describe('barcode geometry', () => {
  const area = (widthMm: number, heightMm = 15) => ({ x: 10, y: 20, width: widthMm * MM, height: heightMm * MM });
  const g = (value: string, widthMm: number) => barcodeGeometry(barPattern(chooseBarcode(value, value) as never), area(widthMm)) as BarcodeGeometry;

  it('EAN-13: 95 modules, at most 0.4 mm, quiet zones of at least 11 and 7 modules inside the area', () => {
    const p = barPattern({ symbology: 'ean13', value: '5901234123457' });
    expect(p.modules).toBe(95);
    expect(p.bars.filter((b) => b.guard)).toHaveLength(6);
    const wide = g('5901234123457', 60);
    expect(wide.moduleWidth).toBe(MAX_MODULE);
    const narrow = g('5901234123457', 30);
    expect(narrow.moduleWidth).toBeCloseTo((30 * MM) / 113, 9);
    expect(narrow.moduleWidth).toBeGreaterThanOrEqual(MIN_MODULE);
    for (const geo of [wide, narrow]) {
      expect(geo.quietLeft).toBeGreaterThanOrEqual(11 * geo.moduleWidth - 1e-9);
      expect(geo.quietRight).toBeGreaterThanOrEqual(7 * geo.moduleWidth - 1e-9);
      expect(geo.bars[0]!.x - 10).toBeCloseTo(geo.quietLeft, 9);
    }
    // The narrow one uses the whole area: the right quiet zone ends exactly at its edge.
    const last = narrow.bars.at(-1)!;
    expect(last.x + last.width + narrow.quietRight).toBeCloseTo(10 + 30 * MM, 9);
  });

  it('below 0.25 mm per module the code is refused as too wide, not printed unreadable', () => {
    const p = barPattern({ symbology: 'ean13', value: '5901234123457' });
    expect(barcodeGeometry(p, area(113 * 0.25 - 0.01))).toEqual({ problem: 'too_wide' });
    expect('problem' in barcodeGeometry(p, area(113 * 0.25 + 0.01))).toBe(false);
    expect(barcodeGeometry(p, area(40, 6))).toEqual({ problem: 'too_small' });
  });

  it('Code 128 keeps 10 modules of quiet zone each side', () => {
    const geo = g('E2E-LBL-7', 45);
    expect(geo.quietLeft).toBeGreaterThanOrEqual(10 * geo.moduleWidth - 1e-9);
    expect(geo.quietRight).toBeGreaterThanOrEqual(10 * geo.moduleWidth - 1e-9);
  });

  it('every sheet leaves an EAN-13 at least 0.25 mm per module and 5 mm of bar height', () => {
    for (const id of SHEET_IDS) {
      const box = labelBoxes(SHEETS[id], 0, 1)[0]!;
      const geo = barcodeGeometry(barPattern({ symbology: 'ean13', value: '5901234123457' }), labelAreas(box, 'product').barcode) as BarcodeGeometry;
      expect(geo.moduleWidth, id).toBeGreaterThanOrEqual(MIN_MODULE);
      expect(geo.bars[2]!.height, id).toBeGreaterThanOrEqual(5 * MM);
    }
  });
});

describe('planning a run', () => {
  const item = (copies: number, sku: string | null = 'A-1'): LabelItem => ({ kind: 'product', name: 'x', sku, ean: null, price: null, copies });
  it('copies in order, problems once each, pages counted from the skipped places', () => {
    const plan = planLabels('a4-3x8', 20, [item(3), item(2, null), item(3)]);
    expect(plan.labels.map((l) => l.item)).toEqual([0, 0, 0, 2, 2, 2]);
    expect(plan.problems).toEqual([{ item: 1, problem: 'no_code' }]);
    expect(plan.pages).toBe(2);
  });
  it('copies outside 1–999 are refused with what to fix', () => {
    expect(() => planLabels('a4-3x8', 0, [item(0)])).toThrow('copies of label 1 must be a whole number from 1 to 999, got 0');
    expect(() => planLabels('a4-3x8', 0, [item(1000)])).toThrow('from 1 to 999');
  });
});

describe('fitLines', () => {
  const m = (s: string) => s.length;
  it('wraps by words into the lines it has, the last shortened with an ellipsis when text is left', () => {
    expect(fitLines(m, 'alpha beta gamma', 11, 2)).toEqual(['alpha beta', 'gamma']);
    expect(fitLines(m, 'alpha beta gamma delta', 10, 2)).toEqual(['alpha beta', 'gamma…']);
    expect(fitLines(m, 'Supercalifragilistic', 8, 1)).toEqual(['Supercal']);
    expect(fitLines(m, 'a b', 10, 1)).toEqual(['a b']);
  });
});
