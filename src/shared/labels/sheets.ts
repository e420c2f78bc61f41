/**
 * The label stocks the desk prints on (the screen offers them, src/documents draws on them), named by their size, and where each label of a run lands:
 * page and box in PDF points. Dimensions are the manufacturers' published ones (Avery/Zweckform
 * and their generic equivalents sold under the same sizes), margins computed so the grid is centred
 * on A4 as those sheets are cut.
 */
import { LabelRunRefused } from './errors';
export const MM = 72 / 25.4;

export const SHEET_IDS = ['a4-3x8', 'a4-3x7', 'a4-4x10', 'roll-58x40'] as const;
export type SheetId = (typeof SHEET_IDS)[number];

export interface SheetFormat {
  id: SheetId;
  /** Page size in mm (A4, or one label of a roll per page for a thermal printer). */
  pageWidth: number;
  pageHeight: number;
  columns: number;
  rows: number;
  /** One label, mm. */
  labelWidth: number;
  labelHeight: number;
  /** The first label's top-left corner, mm. */
  left: number;
  top: number;
  /** Distance between neighbouring labels' edges, mm. */
  gapX: number;
  gapY: number;
  /** Similar stocks a clerk may have on the shelf, for the picker's hint. */
  alike: string;
}

const A4 = { pageWidth: 210, pageHeight: 297 } as const;

/** Centres `n` labels of `size` with `gap` between them on `page`: the margin on each side. */
const centred = (page: number, n: number, size: number, gap: number) => Math.round(((page - n * size - (n - 1) * gap) / 2) * 100) / 100;

export const SHEETS: Record<SheetId, SheetFormat> = {
  'a4-3x8': { id: 'a4-3x8', ...A4, columns: 3, rows: 8, labelWidth: 70, labelHeight: 37, left: 0, top: centred(297, 8, 37, 0), gapX: 0, gapY: 0, alike: 'Avery 3474, Zweckform 3474' },
  'a4-3x7': { id: 'a4-3x7', ...A4, columns: 3, rows: 7, labelWidth: 63.5, labelHeight: 38.1, left: centred(210, 3, 63.5, 2.5), top: centred(297, 7, 38.1, 0), gapX: 2.5, gapY: 0, alike: 'Avery L7160, J8160' },
  'a4-4x10': { id: 'a4-4x10', ...A4, columns: 4, rows: 10, labelWidth: 48.5, labelHeight: 25.4, left: centred(210, 4, 48.5, 0), top: centred(297, 10, 25.4, 0), gapX: 0, gapY: 0, alike: 'Avery 3657, Zweckform 3657' },
  'roll-58x40': { id: 'roll-58x40', pageWidth: 58, pageHeight: 40, columns: 1, rows: 1, labelWidth: 58, labelHeight: 40, left: 0, top: 0, gapX: 0, gapY: 0, alike: '' },
};

export const perPage = (s: SheetFormat) => s.columns * s.rows;

export interface LabelBox {
  /** 0-based page of the run. */
  page: number;
  /** Position on the sheet, 0-based, row by row from the top left. */
  slot: number;
  /** PDF points from the page's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where `count` labels go when the first `skip` places of the first sheet are already used
 * (a partly used sheet fed again); row by row, left to right, as a clerk counts them.
 */
export function labelBoxes(sheet: SheetFormat, skip: number, count: number): LabelBox[] {
  const n = perPage(sheet);
  if (!Number.isInteger(skip) || skip < 0 || skip >= n) throw new LabelRunRefused(`skip must be a whole number from 0 to ${n - 1} for ${sheet.id}, got ${skip}`);
  const boxes: LabelBox[] = [];
  for (let i = 0; i < count; i++) {
    const at = skip + i;
    const slot = at % n;
    const col = slot % sheet.columns;
    const row = Math.floor(slot / sheet.columns);
    boxes.push({
      page: Math.floor(at / n),
      slot,
      x: (sheet.left + col * (sheet.labelWidth + sheet.gapX)) * MM,
      y: (sheet.top + row * (sheet.labelHeight + sheet.gapY)) * MM,
      width: sheet.labelWidth * MM,
      height: sheet.labelHeight * MM,
    });
  }
  return boxes;
}
