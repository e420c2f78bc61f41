/**
 * Label PDFs read back as a scanner would: each sheet rendered, rasterised (pdftoppm) and every
 * barcode decoded (zbarimg); the decoded values must be exactly the products' EAN / SKU and the bins'
 * codes, on the right number of labels, at 300 dpi and at a plain 203 dpi thermal printer's.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planLabels, type LabelItem } from '@documents/labelPlan';
import { renderLabelsPdf } from '@documents/labelsPdf';
import type { SheetId } from '@shared/labels/sheets';
import { decodeBoxes, decodePdf } from '../helpers/barcodes';
import { extractPdfText } from '../helpers/pdfText';

const products: LabelItem[] = [
  { kind: 'product', name: 'Fűrészlap ütvefúróhoz, keményfém, 125 mm, hosszú élettartamú, ipari kivitel – a név nem fér ki a címkére', sku: 'FUR-125', ean: '5901234123457', price: { amount: '12700', currency: 'HUF' }, copies: 2 },
  { kind: 'product', name: 'Csavar M6', sku: 'CSAV-M6-40', ean: null, price: { amount: '35', currency: 'HUF' }, copies: 1 },
  // A wrong check digit: not an EAN-13, so Code 128 of the SKU.
  { kind: 'product', name: 'Alátét', sku: 'AL-8', ean: '5901234123458', price: null, copies: 1 },
  // No SKU, an EAN-8: Code 128 of the EAN.
  { kind: 'product', name: 'Őrölt kávé', sku: null, ean: '96385074', price: { amount: '3.50', currency: 'EUR' }, copies: 1 },
  { kind: 'product', name: 'Nothing to scan', sku: null, ean: null, price: null, copies: 3 },
];
const bins: LabelItem[] = [
  { kind: 'bin', warehouse: 'Győr Raktár', bin: 'A-01-03', copies: 1 },
  { kind: 'bin', warehouse: 'Győr Raktár', bin: 'B-12', copies: 1 },
];

const expected = [
  ['EAN-13', '5901234123457'], ['EAN-13', '5901234123457'], ['CODE-128', 'CSAV-M6-40'], ['CODE-128', 'AL-8'], ['CODE-128', '96385074'],
  ['CODE-128', 'A-01-03'], ['CODE-128', 'B-12'],
];

/** Every label decoded alone (cropped to its box); each must hold exactly one barcode. */
function perLabel(pdf: Buffer, sheet: SheetId, skip: number, items: LabelItem[], dpi = 300): string[][] {
  const boxes = planLabels(sheet, skip, items).labels.map((l) => l.box);
  return decodeBoxes(pdf, boxes, dpi).map((found) => (found.length === 1 ? [found[0]!.symbology, found[0]!.value] : [`${found.length} barcodes`]));
}

describe('renderLabelsPdf decodes back to the products\' codes', () => {
  it.each(['a4-3x8', 'a4-3x7', 'a4-4x10', 'roll-58x40'] as const)('%s: every label scans as its EAN / SKU / bin', async (sheet) => {
    const r = await renderLabelsPdf({ language: 'hu_HU', sheet, skip: 0, items: [...products, ...bins], date: '2026-11-26' });
    expect(r.problems).toEqual([{ item: 4, problem: 'no_code' }]);
    expect(r.printed).toBe(7);
    // Each label's own box, in print order: exactly one barcode, the expected one.
    expect(perLabel(r.pdf!, sheet, 0, [...products, ...bins])).toEqual(expected);
    expect(r.pages).toBe(sheet === 'roll-58x40' ? 7 : 1);
    if (sheet === 'roll-58x40') expect(decodePdf(r.pdf!).map((d) => d.page)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    keepSample(r.pdf!, `labels-${sheet}`);
  });

  it('a 203 dpi thermal printer\'s raster still decodes the smallest sheet', async () => {
    const r = await renderLabelsPdf({ language: 'en_US', sheet: 'a4-4x10', skip: 0, items: [...products, ...bins], date: '2026-11-26' });
    expect(perLabel(r.pdf!, 'a4-4x10', 0, [...products, ...bins], 203)).toEqual(expected);
  });

  it('skipping 38 used places of a 40-label sheet puts two labels on it and the rest on the next', async () => {
    const r = await renderLabelsPdf({ language: 'en_US', sheet: 'a4-4x10', skip: 38, items: products.slice(0, 3), date: '2026-11-26' });
    expect(r.pages).toBe(2);
    const plan = planLabels('a4-4x10', 38, products.slice(0, 3));
    expect(plan.labels.map((l) => [l.box.page, l.box.slot])).toEqual([[0, 38], [0, 39], [1, 0], [1, 1]]);
    expect(perLabel(r.pdf!, 'a4-4x10', 38, products.slice(0, 3))).toEqual(expected.slice(0, 4));
    // The skipped places stay blank: nothing scans on the first sheet but the last two labels.
    expect(decodePdf(r.pdf!).filter((d) => d.page === 1).map((d) => d.value)).toEqual(['5901234123457']);
  });

  it('prints the name (ő, ű in DejaVu), the SKU and the gross price formatted per language', async () => {
    const hu = (await extractPdfText((await renderLabelsPdf({ language: 'hu_HU', sheet: 'a4-3x8', skip: 0, items: products.slice(0, 4), date: '2026-11-26' })).pdf!)).text;
    expect(hu).toContain('Fűrészlap ütvefúróhoz');
    expect(hu).toContain('…');
    expect(hu).toContain('Őrölt kávé');
    expect(hu).toContain('CSAV-M6-40');
    expect(hu.replace(/\s/g, ' ')).toMatch(/12 700 HUF/);
    const en = (await extractPdfText((await renderLabelsPdf({ language: 'en_US', sheet: 'a4-3x8', skip: 0, items: products.slice(0, 4), date: '2026-11-26' })).pdf!)).text;
    expect(en).toMatch(/HUF 12,700|12,700 HUF/);
    expect(en).toMatch(/€3\.50|EUR 3\.50|3\.50 EUR/);
  });

  it('nothing printable: no PDF, each item\'s reason', async () => {
    const r = await renderLabelsPdf({ language: 'en_US', sheet: 'a4-3x8', skip: 0, items: [products[4]!, { kind: 'product', name: 'x', sku: 'ÁRVÍZ', ean: null, price: null, copies: 1 }], date: '2026-11-26' });
    expect(r).toEqual({ pdf: null, printed: 0, pages: 0, problems: [{ item: 0, problem: 'no_code' }, { item: 1, problem: 'not_ascii' }] });
  });

  it('a SKU too long for the narrow label is set aside as too wide, printed on the wide one', async () => {
    const long: LabelItem = { kind: 'product', name: 'Long code', sku: 'ABCDEFGHIJKLMN', ean: null, price: null, copies: 1 };
    expect((await renderLabelsPdf({ language: 'en_US', sheet: 'a4-4x10', skip: 0, items: [long], date: '2026-11-26' })).problems).toEqual([{ item: 0, problem: 'too_wide' }]);
    const wide = await renderLabelsPdf({ language: 'en_US', sheet: 'roll-58x40', skip: 0, items: [long], date: '2026-11-26' });
    expect(wide.problems).toEqual([]);
    expect(decodePdf(wide.pdf!).map((d) => d.value)).toEqual(['ABCDEFGHIJKLMN']);
  });
});

/** The PDF and its first page as PNG under test/e2e/screenshots/labels-pdf/ (ignored by git), for looking at. */
function keepSample(pdf: Buffer, name: string): void {
  const dir = join(process.cwd(), 'test', 'e2e', 'screenshots', 'labels-pdf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', join(dir, `${name}.pdf`), join(dir, name)]);
}
