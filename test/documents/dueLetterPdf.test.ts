import { describe, expect, it } from 'vitest';
import { renderDueLetterPdf } from '@documents/index';
import { extractPdfText } from '../helpers/pdfText';
import { dueLetterEn, dueLetterHu } from './fixtures';

const flat = (s: string): string => s.replace(/\s+/g, ' ');

describe('renderDueLetterPdf', () => {
  it('hu_HU: letterhead, address, subject, overdue invoices, totals and the request', async () => {
    const { pages, text } = await extractPdfText(await renderDueLetterPdf(dueLetterHu));
    const t = flat(text);
    expect(pages).toHaveLength(1);
    expect(t).toContain('Stockdesk Kereskedelmi Kft.');
    expect(t).toContain('Adószám: 24567812-2-43');
    expect(t).toContain('Kovács és Fiú Kft.');
    expect(t).toContain('Petőfi Sándor utca 12. 9021 Győr');
    expect(t).toContain('Budapest, 2024. május 6.');
    expect(t).toContain('Tárgy: Fizetési emlékeztető – 2 lejárt határidejű számla');
    expect(t).toContain('Tisztelt Partnerünk!');
    expect(t).toContain('A lejárt tartozás összege: 137 806 HUF.');
    expect(t).toContain('8 napon belül');
    expect(t).toContain(
      'Számla sorszáma Kelte Fizetési határidő Késedelem (nap) Bruttó összeg Fennálló összeg',
    );
    expect(t).toContain('SD-2024/000123 2024. 03. 15. 2024. 03. 29. 38 109 546 HUF 109 546 HUF');
    expect(t).toContain('SD-2024/000171 2024. 04. 02. 2024. 04. 16. 20 48 260 HUF 28 260 HUF');
    expect(t).toContain('Pénznem Fennálló tartozás Ebből lejárt HUF 137 806 HUF 137 806 HUF');
    expect(t).toContain('11773016-01234567-00000000 számú bankszámlánkra');
    expect(t).toContain('kérjük, levelünket tekintsék tárgytalannak');
    expect(t).toContain('Tisztelettel:');
    expect(t).toContain('1 / 1. oldal');
  });

  it('en_US: the same letter in English with two currencies', async () => {
    const { text } = await extractPdfText(await renderDueLetterPdf(dueLetterEn));
    const t = flat(text);
    expect(t).toContain('Subject: Payment reminder – 2 overdue invoices');
    expect(t).toContain('Budapest, May 6, 2024');
    expect(t).toContain('Dear Sir or Madam,');
    expect(t).toContain('The overdue amount is EUR 6,793.24 and HUF 28,260.');
    expect(t).toContain('Invoice no. Issue date Due date Days overdue Gross Balance due');
    expect(t).toContain('SD-2024/000130 04/02/2024 04/22/2024 14 EUR 6,793.24 EUR 6,793.24');
    expect(t).toContain('SD-2024/000171 04/02/2024 04/16/2024 20 HUF 48,260 HUF 28,260');
    expect(t).toContain('Currency Outstanding Of which overdue');
    expect(t).toContain('EUR EUR 6,793.24 EUR 6,793.24');
    expect(t).toContain('HUF HUF 128,260 HUF 28,260');
    expect(t).toContain('please disregard this letter');
    expect(t).toContain('Page 1 / 1');
  });

  it('renders identical bytes for identical input', async () => {
    const a = await renderDueLetterPdf(dueLetterHu);
    const b = await renderDueLetterPdf(structuredClone(dueLetterHu));
    expect(a.equals(b)).toBe(true);
    expect(a.toString('latin1')).toContain('(D:20240506000000Z)');
  });

  it('a long list of invoices continues on a second page with the header repeated', async () => {
    const first = dueLetterHu.invoices[0];
    if (first === undefined) throw new Error('fixture has invoices');
    const invoices = Array.from({ length: 60 }, (_, i) => ({
      ...first,
      invoiceNumber: `SD-2024/${String(i + 1).padStart(6, '0')}`,
    }));
    const { pages } = await extractPdfText(await renderDueLetterPdf({ ...dueLetterHu, invoices }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => expect(page).toContain(`${i + 1} / ${pages.length}. oldal`));
    expect(flat(pages[1] ?? '')).toContain('Számla sorszáma Kelte');
    expect(flat(pages.join('\n'))).toContain('SD-2024/000060');
  });
});
