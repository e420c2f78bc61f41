/** The valuation PDF prints the server's figures as they are, grouped with their subtotals, in each language. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderValuationPdf, type ValuationDocument } from '@documents/index';
import { extractPdfText } from '../helpers/pdfText';

const flat = (s: string): string => s.replace(/\s+/g, ' ');

const valuation = (language: ValuationDocument['language']): ValuationDocument => ({
  language, company: 'Stockdesk Kereskedelmi Kft.', date: '2026-11-18', currency: 'HUF', warehouse: '', productGroup: null,
  lines: [
    { warehouse: 'Default', product_id: 12, product_name: 'Csavar M6', product_group: 'Csavarok', unit: 'db', quantity: 15, average_cost: 1833.25, value: 27499, unpriced: 0 },
    { warehouse: 'Default', product_id: 13, product_name: 'Alátét', product_group: 'Csavarok', unit: 'db', quantity: 5, average_cost: 4530.655, value: 22653, unpriced: 0 },
    { warehouse: 'Győr Raktár', product_id: 14, product_name: 'Olaj', product_group: '', unit: 'l', quantity: 2.5, average_cost: 0, value: 0, unpriced: 1 },
  ],
  group_subtotals: [{ warehouse: 'Default', product_group: 'Csavarok', value: 50152 }, { warehouse: 'Győr Raktár', product_group: '', value: 0 }],
  warehouse_subtotals: [{ warehouse: 'Default', value: 50152 }, { warehouse: 'Győr Raktár', value: 0 }],
  total_value: 50152,
  unpriced_lines: 1,
});

describe('renderValuationPdf', () => {
  it('hu_HU: lines, group and warehouse subtotals, grand total, the unpriced note', async () => {
    const pdf = await renderValuationPdf(valuation('hu_HU'));
    const t = flat((await extractPdfText(pdf)).text);
    expect(t).toContain('Készletérték (HUF)');
    expect(t).toContain('2026. 11. 18. napzárás szerint');
    expect(t).toContain('12 Csavar M6 db 15 1 833,25 27 499');
    expect(t).toContain('13 Alátét db 5 4 530,655 22 653');
    expect(t).toContain('Összesen – Csavarok 50 152');
    expect(t).toContain('Raktár összesen – Alapértelmezett raktár 50 152');
    expect(t).toContain('14 Olaj * l 2,5 0 0');
    expect(t).toContain('Mindösszesen 50 152');
    expect(t).toContain('1 sorban ár nélkül');
    keepSample(pdf, 'valuation-hu');
  });

  it('en_US: the same figures in English', async () => {
    const pdf = await renderValuationPdf(valuation('en_US'));
    const t = flat((await extractPdfText(pdf)).text);
    expect(t).toContain('Stock valuation (HUF)');
    expect(t).toContain('12 Csavar M6 db 15 1,833.25 27,499');
    expect(t).toContain('Total – (no group) 0');
    expect(t).toContain('Grand total 50,152');
    keepSample(pdf, 'valuation-en');
  });

  it.each(['de_DE', 'pl_PL', 'es_ES'] as const)('%s renders with its own labels', async (language) => {
    const t = flat((await extractPdfText(await renderValuationPdf(valuation(language)))).text);
    expect(t).not.toContain('undefined');
    expect(t).toContain('50');
  });
});

/** For looking at: the PDF and its first page as PNG under test/e2e/screenshots/ (ignored by git) (pdftoppm, when installed). */
function keepSample(pdf: Buffer, name: string): void {
  const dir = join(process.cwd(), 'test', 'e2e', 'screenshots', 'valuation-pdf');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', join(dir, `${name}.pdf`), join(dir, name)]);
  } catch {
    // No poppler here: the PDF is still kept.
  }
}
