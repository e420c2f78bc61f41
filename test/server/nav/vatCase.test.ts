/**
 * The 0% case decision shared by the NAV invoice data and the printed invoice (src/server/nav/vatCase.ts):
 * a case carried on the document's line is what NAV gets, and a VAT code 1 tax number makes the seller
 * subject-exempt without an option.
 */
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { buildInvoiceDataXml, zeroVatCases } from '@server/nav';
import { domesticInvoice, euInvoice, thirdCountryInvoice } from './fixtures';
import { xmllintErrors } from './xmllint';

const parser = new XMLParser({ removeNSPrefix: true });
type Xml = Record<string, unknown>;

function navCases(xml: string): Array<string | undefined> {
  expect(xmllintErrors(xml)).toEqual([]);
  const lines = (parser.parse(xml) as Xml).InvoiceData as Xml;
  const list = ((((lines.invoiceMain as Xml).invoice as Xml).invoiceLines as Xml).line) as Xml[];
  return list.map((l) => {
    const rate = (l.lineAmountsNormal as Xml).lineVatRate as Xml;
    return ((rate.vatExemption ?? rate.vatOutOfScope) as Xml | undefined)?.case as string | undefined;
  });
}

describe('zeroVatCases', () => {
  it('decides per 0% line from the buyer, the line and the seller; taxed lines have none', () => {
    expect([...zeroVatCases(domesticInvoice())]).toEqual([[4, 'TAM'], [5, 'ATK']]);
    expect([...zeroVatCases(euInvoice())]).toEqual([[1, 'KBAET'], [2, 'KBAET'], [3, 'EUFAD37']]);
    expect([...zeroVatCases(thirdCountryInvoice()).values()]).toContain('EAM');
  });

  it('is what the NAV builder reports, and a case carried on the line wins over the default', () => {
    const doc = domesticInvoice();
    const decided = zeroVatCases(doc);
    expect(navCases(buildInvoiceDataXml(doc)).filter(Boolean)).toEqual([...decided.values()]);
    const line = doc.lines[3]!;
    line.vatCase = 'NAM';
    expect(navCases(buildInvoiceDataXml(doc))[3]).toBe('NAM');
    expect(zeroVatCases(doc).get(4)).toBe('NAM');
  });

  it('refuses a case carried on a line that charges VAT', () => {
    const doc = domesticInvoice();
    doc.lines[0]!.vatCase = 'TAM';
    expect(() => buildInvoiceDataXml(doc)).toThrow(/lines\[0\]\.vatCase: a line that charges VAT cannot be exempt/);
  });

  it('treats a seller whose tax number has VAT code 1 as subject-exempt: AAM and individualExemption', () => {
    const doc = domesticInvoice();
    doc.seller = { ...doc.seller, taxNumber: '12345678-1-42' };
    expect(zeroVatCases(doc).get(4)).toBe('AAM');
    const xml = buildInvoiceDataXml(doc);
    expect(navCases(xml)[3]).toBe('AAM');
    expect(xml).toContain('<individualExemption>true</individualExemption>');
    expect(zeroVatCases(doc, { supplierIndividualExemption: false }).get(4)).toBe('TAM');
  });
});
