import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '@documents/index';
import type { InvoiceDocument, Locale } from '@documents/model';
import { extractPdfText } from '../helpers/pdfText';
import {
  domesticInvoice,
  draftInvoice,
  eurInvoice,
  largeInvoice,
  proformaInvoice,
  retentionInvoice,
  stornoInvoice,
} from './fixtures';

/** Whitespace-insensitive view: wrapped cells and table rows read as one line. */
const flat = (s: string): string => s.replace(/\s+/g, ' ');

async function render(
  doc: InvoiceDocument,
): Promise<{ buf: Buffer; pages: string[]; text: string; flat: string }> {
  const buf = await renderInvoicePdf(doc);
  const { pages, text } = await extractPdfText(buf);
  return { buf, pages, text, flat: flat(text) };
}

describe('renderInvoicePdf: domestic HUF invoice (hu_HU)', () => {
  it('prints the parties, dates, payment method and every line', async () => {
    const { pages, flat: t } = await render(domesticInvoice);
    expect(pages).toHaveLength(1);
    expect(t).toContain('Számla');
    expect(t).toContain('SD-2024/000123');
    expect(t).toContain('Stockdesk Kereskedelmi Kft.');
    expect(t).toContain('Adószám: 24567812-2-43');
    expect(t).toContain('Kovács és Fiú Kft.');
    expect(t).toContain('Petőfi Sándor utca 12.');
    expect(t).toContain('9021 Győr');
    expect(t).toContain('Adószám: 13579246-2-08');
    expect(t).toContain('Közösségi adószám: HU13579246');
    expect(t).toContain('Bankszámlaszám: 11773016-01234567-00000000');
    expect(t).toContain('Számla kelte 2024. 03. 15.');
    expect(t).toContain('Teljesítés dátuma 2024. 03. 14.');
    expect(t).toContain('Fizetési határidő 2024. 03. 29.');
    expect(t).toContain('Fizetési mód Átutalás');
    for (const line of domesticInvoice.lines) expect(t).toContain(line.name);
    expect(t).toContain('Évszakos gyűjtésből, 20×25 cm, tűzálló kivitel');
    expect(t).toContain('8421 21 00');
    expect(t).toContain('1 Szűrőbetét, ősszel gyűjtött');
    expect(t).toContain('8421 21 00 12 db 4 500 0% 54 000 27% 14 580 68 580');
    expect(t).toContain('10 csomag 1 290 10% 11 610 27% 3 135 14 745');
    expect(t).toContain('1 / 1. oldal');
  });

  it('prints the VAT summary by rate and the totals with the gross prominent', async () => {
    const { flat: t } = await render(domesticInvoice);
    expect(t).toContain('Áfa-összesítő');
    expect(t).toContain('27% 65 610 17 715 83 325');
    expect(t).toContain('18% 8 670 1 561 10 231');
    expect(t).toContain('5% 13 800 690 14 490');
    expect(t).toContain('0% 1 500 0 1 500');
    expect(t).toContain('Összesen 89 580 19 966 109 546');
    expect(t).toContain('Nettó összesen 89 580 HUF');
    expect(t).toContain('Áfa összesen 19 966 HUF');
    expect(t).toContain('Bruttó végösszeg 109 546 HUF');
    expect(t).toContain('Megrendelés száma: KF-2024/031.');
    expect(t).toContain('A számla elektronikus aláírás nélkül készült');
  });

  it('keeps ő and ű (not the Latin-1 look-alikes õ and û) through the embedded font', async () => {
    const { text } = await render(domesticInvoice);
    expect(text).toContain('Szűrőbetét, ősszel gyűjtött');
    expect(text).toContain('Győr');
    expect(text).toContain('\u0151'); // ő
    expect(text).toContain('\u0171'); // ű
    expect(text).not.toMatch(/[õû]/);
  });

  it('embeds DejaVu Sans as a TrueType font and no standard PDF font', async () => {
    const raw = (await renderInvoicePdf(domesticInvoice)).toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold\b/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('wraps a long name inside its column instead of running into the VTSZ column', async () => {
    const { text } = await render(domesticInvoice);
    const long = domesticInvoice.lines[1]?.name ?? '';
    expect(text).not.toContain(long);
    expect(flat(text)).toContain(long);
  });

  it('renders identical bytes for identical input, dated by the issue date', async () => {
    const a = await renderInvoicePdf(domesticInvoice);
    const b = await renderInvoicePdf(structuredClone(domesticInvoice));
    expect(a.equals(b)).toBe(true);
    // PDFKit writes the info dates as separate objects: (D:...) referenced from /CreationDate.
    expect(a.toString('latin1')).toContain('(D:20240315000000Z)');
    expect(a.toString('latin1')).not.toMatch(/\(D:(?!20240315000000Z)\d{14}/);
  });
});

describe('renderInvoicePdf: other kinds', () => {
  it('EUR invoice: fx rate, HUF figures per rate and the VAT in HUF', async () => {
    const { flat: t } = await render(eurInvoice);
    expect(t).toContain('Invoice');
    expect(t).toContain('SD-2024/000130');
    expect(t).toContain('Müller Maschinenbau GmbH');
    expect(t).toContain('Industriestraße 7 70565 Stuttgart Germany');
    expect(t).toContain('EU VAT number: DE811234567');
    expect(t).toContain('Issue date 04/02/2024');
    expect(t).toContain('Fulfilment date 03/28/2024');
    expect(t).toContain('Payment due 05/02/2024');
    expect(t).toContain('Payment method Bank transfer');
    expect(t).toContain('Currency EUR');
    expect(t).toContain('Exchange rate 1 EUR = 395.12 HUF');
    expect(t).toContain('VAT rate Net (EUR) VAT (EUR) Gross (EUR) Net (HUF) VAT (HUF) Gross (HUF)');
    expect(t).toContain('27% 1,412.00 381.24 1,793.24 557,909 150,636 708,545');
    expect(t).toContain('0% 5,000.00 0.00 5,000.00 1,975,600 0 1,975,600');
    expect(t).toContain('Total 6,412.00 381.24 6,793.24 2,533,509 150,636 2,684,145');
    expect(t).toContain('Total (gross) EUR 6,793.24');
    expect(t).toContain('In HUF (1 EUR = 395.12 HUF)');
    expect(t).toContain('VAT in HUF HUF 150,636');
    expect(t).toContain('Net in HUF HUF 2,533,509');
    expect(t).toContain('Gross in HUF HUF 2,684,145');
    expect(t).toContain('Installation and commissioning at the Győr plant');
  });

  it('storno: title, the cancelled invoice and its date, negative amounts', async () => {
    const { flat: t } = await render(stornoInvoice);
    expect(t).toContain('Sztornó számla');
    expect(t).toContain('SD-2024/000145');
    expect(t).toContain(
      'Ez a számla érvényteleníti a(z) SD-2024/000123 sorszámú, 2024. 03. 15. keltezésű számlát.',
    );
    expect(t).toContain('Bruttó végösszeg -109 546 HUF');
    expect(t).toContain('-12 db');
  });

  it('proforma: title, the not-a-tax-invoice notice and the deposit marking', async () => {
    const { flat: t } = await render(proformaInvoice);
    expect(t).toContain('Díjbekérő (proforma)');
    expect(t).toContain('DB-2024/000031');
    expect(t).toContain('PROFORMA — nem minősül számlának, áfa levonására nem jogosít');
    expect(t).toContain('Előleg a KF-2024/044 számú megrendelésre (előleg)');
    expect(t).toContain('Bruttó végösszeg 254 000 HUF');
  });

  it('proforma in English says it is not a tax invoice', async () => {
    const { flat: t } = await render({ ...proformaInvoice, language: 'en_US' });
    expect(t).toContain('Proforma invoice');
    expect(t).toContain('PROFORMA — not a tax invoice');
    expect(t).toContain('(advance payment)');
  });

  it('draft without a number: marked in the header and watermarked', async () => {
    const { pages, flat: t } = await render(draftInvoice);
    expect(t).toContain('Piszkozat – még nincs sorszáma');
    expect(t).toContain('PISZKOZAT — MÉG NINCS SORSZÁMA');
    expect(t).not.toContain('SD-2024/000123');
    expect(pages).toHaveLength(1);
  });

  it('retentions are listed with due dates and amounts', async () => {
    const { flat: t } = await render(retentionInvoice);
    expect(t).toContain('Visszatartások');
    expect(t).toContain('Megnevezés Esedékesség Összeg (HUF) Áfa (HUF) Megjegyzés');
    expect(t).toContain('Jóteljesítési biztosíték (5%) 2025. 04. 30. 250 000 67 500');
    expect(t).toContain('Hiánypótlási visszatartás 2024. 06. 30. 120 000 32 400');
    expect(t).toContain('A műszaki átadás-átvételtől számított 12 hónap elteltével esedékes.');
  });

  it.each<[Locale, string, string, string]>([
    ['hu_HU', 'Számla', 'Átutalás', '1 / 1. oldal'],
    ['en_US', 'Invoice', 'Bank transfer', 'Page 1 / 1'],
    ['de_DE', 'Rechnung', 'Überweisung', 'Seite 1 / 1'],
    ['pl_PL', 'Faktura', 'Przelew', 'Strona 1 / 1'],
    ['es_ES', 'Factura', 'Transferencia bancaria', 'Página 1 / 1'],
  ])('%s: title, payment method and page label', async (language, title, method, page) => {
    const { text, flat: t } = await render({ ...domesticInvoice, language });
    expect(text.split('\n')[0]?.trim()).toBe(title);
    expect(t).toContain(method);
    expect(t).toContain(page);
    expect(t).toContain('Szűrőbetét, ősszel gyűjtött');
  });

  it.each<[Locale, string, string]>([
    ['de_DE', 'Stornorechnung', 'Diese Rechnung storniert die Rechnung Nr. SD-2024/000123 vom 15.03.2024.'],
    [
      'pl_PL',
      'Faktura korygująca (storno)',
      'Niniejsza faktura anuluje fakturę nr SD-2024/000123 z dnia 15.03.2024.',
    ],
    [
      'es_ES',
      'Factura rectificativa (anulación)',
      'Esta factura anula la factura nº SD-2024/000123 del 15/03/2024.',
    ],
  ])('%s storno wording', async (language, title, cancels) => {
    const { flat: t } = await render({ ...stornoInvoice, language });
    expect(t).toContain(title);
    expect(t).toContain(cancels);
  });
});

describe('renderInvoicePdf: extreme content', () => {
  it('keeps huge figures on one line (smaller font) and wraps an unbreakable name inside its column', async () => {
    const base = eurInvoice.lines[1];
    if (base === undefined) throw new Error('fixture has lines');
    const name = `Szűrőbetét-${'X'.repeat(120)}`;
    const { text, flat: t } = await render({
      ...eurInvoice,
      lines: [
        {
          ...base,
          name,
          quantity: '1234567.125',
          unitPrice: '98765432.1234',
          net: '123456789012.00',
          vat: '33333333333.24',
          gross: '156790122345.24',
        },
      ],
    });
    for (const figure of [
      '1,234,567.125 h',
      '98,765,432.1234',
      '123,456,789,012.00',
      '33,333,333,333.24',
      '156,790,122,345.24',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).not.toContain(name);
    expect(t.replace(/ /g, '')).toContain(name);
  });
});

describe('renderInvoicePdf: 500 lines', () => {
  it('repeats the table header and numbers every page "n / N"', async () => {
    // Wall time suffers when other work shares the machine; CPU time shows the renderer's own cost.
    const cpu = process.cpuUsage();
    const started = performance.now();
    const buf = await renderInvoicePdf(largeInvoice);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    console.info(
      `500-line invoice rendered in ${ms.toFixed(0)} ms wall, ${((user + system) / 1000).toFixed(0)} ms CPU ` +
        `(${(buf.length / 1024).toFixed(0)} KiB)`,
    );
    const { pages, text } = await extractPdfText(buf);
    const n = pages.length;
    expect(n).toBeGreaterThan(5);
    pages.forEach((page, i) => {
      expect(page).toContain(`${i + 1} / ${n}. oldal`);
      expect(page).toContain('Megnevezés');
      expect(page).toContain('Bruttó');
    });
    const t = flat(text);
    for (const line of largeInvoice.lines) expect(t).toContain(`${line.lineNo} ${line.name}`);
    expect(t).toContain(`Bruttó végösszeg`);
    const gross = Number(largeInvoice.totals.gross)
      .toLocaleString('hu-HU', { useGrouping: true })
      .replace(/\u00a0/g, ' ');
    expect(t).toContain(`${gross} HUF`);
  });

  it('a multi-page draft carries the watermark on every page', async () => {
    const { pages } = await render({ ...largeInvoice, invoiceNumber: null });
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(flat(page)).toContain('PISZKOZAT — MÉG NINCS SORSZÁMA');
  });
});
