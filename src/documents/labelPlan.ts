/**
 * A label run planned before anything is drawn: each label's barcode chosen and fitted to the
 * sheet's label size, the ones that cannot carry a readable barcode set aside with the reason, the
 * rest placed on the sheets after the skipped places. Pure, so the screen's figures and the PDF agree.
 */
import { LabelRunRefused } from '@shared/labels/errors';
import { barPattern, binBarcode, chooseBarcode, type BarcodeProblem, type BarPattern } from './labelBarcode';
import { barcodeGeometry, type BarcodeGeometry, type Rect } from './labelGeometry';
import { labelBoxes, MM, perPage, SHEETS, type LabelBox, type SheetFormat, type SheetId } from '@shared/labels/sheets';

export interface ProductLabel {
  kind: 'product';
  name: string;
  sku: string | null;
  ean: string | null;
  /** Gross (VAT included), already rounded to the currency, as an exact decimal string; null = no price. */
  price: { amount: string; currency: string } | null;
  copies: number;
}

export interface BinLabel {
  kind: 'bin';
  /** As printed (the desk's name for the warehouse). */
  warehouse: string;
  bin: string;
  copies: number;
}

export type LabelItem = ProductLabel | BinLabel;

/** Copies of one item at most, and labels in one run at most: a mistyped 10000 must not hang the desk. */
export const MAX_COPIES = 999;
export const MAX_LABELS = 5000;

/** The parts of one label, PDF points inside its box. */
export interface LabelAreas {
  padding: number;
  small: boolean;
  /** Product: the name; bin: the warehouse line and the bin code. */
  head: Rect;
  headSize: number;
  headLines: number;
  /** Product: SKU and price; bin: unused (height 0). */
  info: Rect;
  infoSize: number;
  barcode: Rect;
}

export function labelAreas(box: Pick<LabelBox, 'x' | 'y' | 'width' | 'height'>, kind: LabelItem['kind']): LabelAreas {
  const small = box.height < 30 * MM;
  const padding = (small ? 1.5 : 2.5) * MM;
  const inner = { x: box.x + padding, width: box.width - 2 * padding };
  let y = box.y + padding;
  const headSize = kind === 'bin' ? (small ? 10 : 13) : small ? 7 : 8.5;
  const headLines = kind === 'product' && !small ? 2 : 1;
  // A bin's head is the warehouse line (smaller) above the bin code.
  const headHeight = kind === 'bin' ? headSize * 1.2 + 8 : headLines * headSize * 1.18;
  const head = { ...inner, y, height: headHeight };
  y += headHeight;
  const infoSize = small ? 6.5 : 7.5;
  const infoHeight = kind === 'product' ? infoSize * 1.3 : 0;
  const info = { ...inner, y, height: infoHeight };
  y += infoHeight + 0.8 * MM;
  return { padding, small, head, headSize, headLines, info, infoSize, barcode: { ...inner, y, height: box.y + box.height - padding - y } };
}

export interface PlannedLabel {
  /** Index of the item in the request. */
  item: number;
  box: LabelBox;
  areas: LabelAreas;
  pattern: BarPattern;
  geometry: BarcodeGeometry;
}

export interface LabelPlan {
  sheet: SheetFormat;
  labels: PlannedLabel[];
  pages: number;
  /** Items printed on no label, with why; each item once. */
  problems: Array<{ item: number; problem: BarcodeProblem }>;
}

function checkCount(n: number, what: string, max: number): void {
  if (!Number.isInteger(n) || n < 1 || n > max) throw new LabelRunRefused(`${what} must be a whole number from 1 to ${max}, got ${n}`);
}

export function planLabels(sheetId: SheetId, skip: number, items: readonly LabelItem[]): LabelPlan {
  const sheet = SHEETS[sheetId];
  if (sheet === undefined) throw new LabelRunRefused(`Unknown label sheet "${String(sheetId)}"; known: ${Object.keys(SHEETS).join(', ')}`);
  items.forEach((it, i) => checkCount(it.copies, `copies of label ${i + 1}`, MAX_COPIES));
  // Every label of a sheet has the same size: the first box tells whether a barcode fits.
  const probe = labelBoxes(sheet, 0, 1)[0]!;
  const problems: LabelPlan['problems'] = [];
  const fitted: Array<{ item: number; pattern: BarPattern }> = [];
  items.forEach((it, i) => {
    const choice = it.kind === 'product' ? chooseBarcode(it.ean, it.sku) : binBarcode(it.bin);
    if ('problem' in choice) return void problems.push({ item: i, problem: choice.problem });
    const pattern = barPattern(choice);
    const g = barcodeGeometry(pattern, labelAreas(probe, it.kind).barcode);
    if ('problem' in g) return void problems.push({ item: i, problem: g.problem });
    fitted.push({ item: i, pattern });
  });
  const count = fitted.reduce((n, f) => n + items[f.item]!.copies, 0);
  if (count > MAX_LABELS) throw new LabelRunRefused(`${count} labels in one run; print at most ${MAX_LABELS} at a time`);
  const boxes = labelBoxes(sheet, skip, count);
  const labels: PlannedLabel[] = [];
  let at = 0;
  for (const f of fitted) {
    for (let c = 0; c < items[f.item]!.copies; c++) {
      const box = boxes[at++]!;
      const areas = labelAreas(box, items[f.item]!.kind);
      labels.push({ item: f.item, box, areas, pattern: f.pattern, geometry: barcodeGeometry(f.pattern, areas.barcode) as BarcodeGeometry });
    }
  }
  const pages = count === 0 ? 0 : Math.floor((skip + count - 1) / perPage(sheet)) + 1;
  return { sheet, labels, pages, problems };
}
