import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Big from 'big.js';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '@documents/model';
import {
  buildInvoiceDataXml,
  mapPaymentMethod,
  NavInvoiceDataError,
  type NavInvoiceOptions,
} from '@server/nav';
import {
  awkwardNamesInvoice,
  domesticInvoice,
  euInvoice,
  privatePersonInvoice,
  seller,
  stornoOfDomestic,
  thirdCountryInvoice,
  UNIT_CASES,
  unitsInvoice,
} from './fixtures';
import { schemaDir, xmllintErrors, xmllintErrorsForFile } from './xmllint';

const parser = new XMLParser({
  parseTagValue: false,
  removeNSPrefix: true,
  ignoreAttributes: false,
  isArray: (name) => ['line', 'summaryByVatRate', 'productCode'].includes(name),
});

/** Walks parsed XML; fails loudly on a missing step instead of returning undefined deep down. */
function at(node: unknown, ...path: Array<string | number>): unknown {
  return path.reduce<unknown>((n, key) => {
    if (n === null || typeof n !== 'object' || !(key in n)) {
      throw new Error(`no ${String(key)} in ${JSON.stringify(n)?.slice(0, 200)}`);
    }
    return (n as Record<string | number, unknown>)[key];
  }, node);
}

function list(node: unknown, ...path: Array<string | number>): unknown[] {
  const v = at(node, ...path);
  if (!Array.isArray(v)) throw new Error(`${path.join('.')} is not a list`);
  return v;
}

/** Builds, validates against the XSD (failing with xmllint's words) and returns the parsed invoice. */
function buildValid(doc: InvoiceDocument, opts?: NavInvoiceOptions) {
  const xml = buildInvoiceDataXml(doc, opts);
  const errors = xmllintErrors(xml);
  expect(errors, `xmllint rejected ${doc.invoiceNumber}:\n${errors.join('\n')}`).toEqual([]);
  const root = at(parser.parse(xml), 'InvoiceData');
  return { xml, root, invoice: at(root, 'invoiceMain', 'invoice') };
}

/** Builds on first use, so a rejected document fails its tests with xmllint's message rather than the file's collection. */
function once<T>(build: () => T): () => T {
  let done: { value: T } | undefined;
  return () => (done ??= { value: build() }).value;
}

const sumOf = (values: unknown[]) => values.reduce<Big>((s, v) => s.plus(String(v)), new Big(0)).toFixed();

describe('xmllint harness', () => {
  const samplesDir = join(schemaDir, 'samples');
  const samples = readdirSync(samplesDir).filter((f) => f.endsWith('.xml'));

  it('finds the six official samples', () => {
    expect(samples).toHaveLength(6);
  });

  it.each(samples)('validates the official sample %s', (file) => {
    const errors = xmllintErrorsForFile(join(samplesDir, file));
    expect(errors, errors.join('\n')).toEqual([]);
  });

  it('reports a document the schema rejects', () => {
    const sample = readFileSync(join(samplesDir, 'Eredeti-szamla-modositasokhoz.xml'), 'utf8');
    const broken = sample.replace('<exchangeRate>1</exchangeRate>', '<exchangeRate>0</exchangeRate>');
    expect(xmllintErrors(broken).join('\n')).toMatch(/exchangeRate/);
  });
});

describe('buildInvoiceDataXml: domestic HUF invoice', () => {
  const built = once(() => buildValid(domesticInvoice()));
  const lines = () => list(built().invoice, 'invoiceLines', 'line');

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('starts with the XML declaration and declares the data, base and common namespaces', () => {
    const { xml, root } = built();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<InvoiceData')).toBe(true);
    const rootTag = xml.split('\n')[1] ?? '';
    expect(rootTag).toContain('xmlns="http://schemas.nav.gov.hu/OSA/3.0/data"');
    expect(rootTag).toContain('xmlns:base="http://schemas.nav.gov.hu/OSA/3.0/base"');
    expect(rootTag).toContain('xmlns:common="http://schemas.nav.gov.hu/NTCA/1.0/common"');
    expect(xml).toContain('<base:taxpayerId>12345678</base:taxpayerId>');
    expect(at(root, 'invoiceNumber')).toBe('SD-2026-000001');
    expect(at(root, 'completenessIndicator')).toBe('false');
  });

  it('splits the tax numbers and reports the seller', () => {
    const { invoice } = built();
    const supplier = at(invoice, 'invoiceHead', 'supplierInfo');
    expect(at(supplier, 'supplierTaxNumber')).toEqual({
      taxpayerId: '12345678',
      vatCode: '2',
      countyCode: '42',
    });
    expect(at(supplier, 'communityVatNumber')).toBe('HU12345678');
    expect(at(supplier, 'supplierBankAccountNumber')).toBe('11773016-11111018-00000000');
    expect(at(supplier, 'supplierAddress', 'simpleAddress', 'additionalAddressDetail')).toBe(
      'Nádor utca 12.',
    );
    const customer = at(invoice, 'invoiceHead', 'customerInfo');
    expect(at(customer, 'customerVatStatus')).toBe('DOMESTIC');
    expect(at(customer, 'customerVatData', 'customerTaxNumber', 'taxpayerId')).toBe('87654321');
  });

  it('fills invoiceDetail', () => {
    const { invoice } = built();
    const detail = at(invoice, 'invoiceHead', 'invoiceDetail');
    expect(detail).toMatchObject({
      invoiceCategory: 'NORMAL',
      invoiceDeliveryDate: '2026-03-01',
      currencyCode: 'HUF',
      exchangeRate: '1',
      paymentMethod: 'TRANSFER',
      paymentDate: '2026-03-16',
      invoiceAppearance: 'UNKNOWN',
    });
  });

  it('reports rates, VTSZ, discount and the 0% cases per line', () => {
    const [l1, l2, l3, l4, l5] = lines();
    expect(at(l1, 'lineAmountsNormal', 'lineVatRate', 'vatPercentage')).toBe('0.27');
    expect(at(l2, 'lineAmountsNormal', 'lineVatRate', 'vatPercentage')).toBe('0.18');
    expect(at(l3, 'lineAmountsNormal', 'lineVatRate', 'vatPercentage')).toBe('0.05');
    expect(list(l1, 'productCodes', 'productCode')[0]).toEqual({
      productCodeCategory: 'VTSZ',
      productCodeValue: '73181595',
    });
    expect(at(l1, 'lineDiscountData')).toEqual({ discountValue: '500', discountRate: '0.1' });
    expect(at(l1, 'lineNatureIndicator')).toBe('PRODUCT');
    expect(at(l4, 'lineAmountsNormal', 'lineVatRate', 'vatExemption', 'case')).toBe('TAM');
    expect(at(l4, 'lineAmountsNormal')).not.toHaveProperty('lineVatData');
    expect(at(l5, 'lineAmountsNormal', 'lineVatRate', 'vatOutOfScope', 'case')).toBe('ATK');
    expect(at(l5, 'depositIndicator')).toBe('true');
    expect(l1).not.toHaveProperty('depositIndicator');
    expect(l1).not.toHaveProperty('lineModificationReference');
  });

  it('summarises per VAT marking, with totals equal to the sums of the lines', () => {
    const { invoice } = built();
    const summary = at(invoice, 'invoiceSummary', 'summaryNormal');
    const byRate = list(summary, 'summaryByVatRate');
    expect(byRate).toHaveLength(5); // 27, 18, 5, TAM and ATK: two different 0% markings
    const nets = lines().map((l) => at(l, 'lineAmountsNormal', 'lineNetAmountData', 'lineNetAmountHUF'));
    const vats = lines()
      .slice(0, 3) // exempt and out-of-scope lines carry no lineVatData
      .map((l) => at(l, 'lineAmountsNormal', 'lineVatData', 'lineVatAmountHUF'));
    expect(at(summary, 'invoiceNetAmountHUF')).toBe(sumOf(nets));
    expect(at(summary, 'invoiceNetAmountHUF')).toBe('21000');
    expect(at(summary, 'invoiceVatAmountHUF')).toBe(sumOf(vats));
    expect(at(summary, 'invoiceVatAmount')).toBe('2175');
    expect(sumOf(byRate.map((r) => at(r, 'vatRateNetData', 'vatRateNetAmount')))).toBe('21000');
    expect(at(invoice, 'invoiceSummary', 'summaryGrossData')).toEqual({
      invoiceGrossAmount: '23175',
      invoiceGrossAmountHUF: '23175',
    });
  });
});

describe('buildInvoiceDataXml: summary as printed', () => {
  it('reports the printed VAT row and totals where they round per rate instead of per line', () => {
    const doc = domesticInvoice();
    doc.vatSummary = doc.vatSummary.map((r) =>
      r.vatRate === '27' ? { ...r, vat: '1216', gross: '5716' } : r,
    );
    doc.totals = { net: '21000', vat: '2176', gross: '23176' };
    const { invoice } = buildValid(doc);
    const summary = at(invoice, 'invoiceSummary', 'summaryNormal');
    expect(at(list(summary, 'summaryByVatRate')[0], 'vatRateVatData', 'vatRateVatAmount')).toBe('1216');
    expect(at(summary, 'invoiceVatAmount')).toBe('2176');
    expect(at(summary, 'invoiceVatAmountHUF')).toBe('2176');
    const line = list(invoice, 'invoiceLines', 'line')[0];
    expect(at(line, 'lineAmountsNormal', 'lineVatData', 'lineVatAmount')).toBe('1215');
  });

  it('leaves out a bank account NAV could not parse', () => {
    const doc = domesticInvoice();
    doc.seller = { ...doc.seller, bankAccount: 'OTP 1177-3016' };
    const { invoice } = buildValid(doc);
    expect(at(invoice, 'invoiceHead', 'supplierInfo')).not.toHaveProperty('supplierBankAccountNumber');
  });
});

describe('buildInvoiceDataXml: private person', () => {
  const built = once(() => buildValid(privatePersonInvoice()).invoice);

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('reports the status only, without name, address or tax data', () => {
    expect(at(built(), 'invoiceHead', 'customerInfo')).toEqual({ customerVatStatus: 'PRIVATE_PERSON' });
  });

  it('maps bankcard to CARD and csomag to PACK', () => {
    expect(at(built(), 'invoiceHead', 'invoiceDetail', 'paymentMethod')).toBe('CARD');
    expect(at(list(built(), 'invoiceLines', 'line')[1], 'unitOfMeasure')).toBe('PACK');
  });
});

describe('buildInvoiceDataXml: EUR invoice to an EU company', () => {
  const doc = euInvoice();
  const built = once(() => buildValid(doc).invoice);
  const lines = () => list(built(), 'invoiceLines', 'line');

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('reports the community VAT number and the exchange rate', () => {
    const customer = at(built(), 'invoiceHead', 'customerInfo');
    expect(at(customer, 'customerVatStatus')).toBe('OTHER');
    expect(at(customer, 'customerVatData')).toEqual({ communityVatNumber: 'DE123456789' });
    expect(at(built(), 'invoiceHead', 'invoiceDetail', 'currencyCode')).toBe('EUR');
    expect(at(built(), 'invoiceHead', 'invoiceDetail', 'exchangeRate')).toBe('395.12');
  });

  it('marks goods KBAET and a service as out of scope under §37', () => {
    expect(at(lines()[0], 'lineAmountsNormal', 'lineVatRate', 'vatExemption', 'case')).toBe('KBAET');
    expect(at(lines()[2], 'lineNatureIndicator')).toBe('SERVICE');
    expect(at(lines()[2], 'lineAmountsNormal', 'lineVatRate', 'vatOutOfScope', 'case')).toBe('EUFAD37');
  });

  it('takes HUF amounts from the lines and sums them', () => {
    expect(at(lines()[0], 'unitPriceHUF')).toBe('98.78');
    expect(at(lines()[0], 'lineAmountsNormal', 'lineNetAmountData')).toEqual({
      lineNetAmount: '250',
      lineNetAmountHUF: '98780',
    });
    const summary = at(built(), 'invoiceSummary', 'summaryNormal');
    const netHuf = lines().map((l) => at(l, 'lineAmountsNormal', 'lineNetAmountData', 'lineNetAmountHUF'));
    expect(at(summary, 'invoiceNetAmountHUF')).toBe(sumOf(netHuf));
    expect(at(summary, 'invoiceNetAmountHUF')).toBe(doc.totals.netHuf);
    expect(at(built(), 'invoiceSummary', 'summaryGrossData', 'invoiceGrossAmountHUF')).toBe(
      doc.totals.grossHuf,
    );
  });
});

describe('buildInvoiceDataXml: USD invoice to a third country', () => {
  const built = once(() => buildValid(thirdCountryInvoice()).invoice);
  const lines = () => list(built(), 'invoiceLines', 'line');

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('reports an OTHER customer without VAT data when none is on file', () => {
    const customer = at(built(), 'invoiceHead', 'customerInfo');
    expect(customer).not.toHaveProperty('customerVatData');
    expect(at(customer, 'customerAddress', 'simpleAddress', 'countryCode')).toBe('US');
  });

  it('marks goods as export (EAM), services as supplied outside the EU (HO)', () => {
    expect(at(lines()[0], 'lineAmountsNormal', 'lineVatRate', 'vatExemption', 'case')).toBe('EAM');
    expect(at(lines()[1], 'lineAmountsNormal', 'lineVatRate', 'vatOutOfScope', 'case')).toBe('HO');
    expect(at(lines()[2], 'lineAmountsNormal', 'lineVatRate', 'vatExemption', 'case')).toBe('EAM');
    expect(at(lines()[2], 'unitOfMeasure')).toBe('OWN');
    expect(at(lines()[2], 'unitOfMeasureOwn')).toBe('szállítás');
    expect(at(built(), 'invoiceHead', 'invoiceDetail', 'paymentMethod')).toBe('VOUCHER');
    expect(at(built(), 'invoiceHead', 'invoiceDetail', 'exchangeRate')).toBe('362.5');
  });

  it('reports a third-country tax id as thirdStateTaxId', () => {
    const doc = thirdCountryInvoice();
    doc.buyer = {
      name: 'Kupac d.o.o.',
      address: { countryCode: 'RS', postalCode: '11000', city: 'Beograd', street: 'Knez Mihailova 1' },
      euVatNumber: 'RS888888888',
    };
    const { invoice: rs } = buildValid(doc);
    expect(at(rs, 'invoiceHead', 'customerInfo', 'customerVatData')).toEqual({
      thirdStateTaxId: 'RS888888888',
    });
  });
});

describe('buildInvoiceDataXml: storno', () => {
  const built = once(() => buildValid(stornoOfDomestic()).invoice);
  const lines = () => list(built(), 'invoiceLines', 'line');

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('references the original with modificationIndex 1', () => {
    expect(at(built(), 'invoiceReference')).toEqual({
      originalInvoiceNumber: 'SD-2026-000001',
      modifyWithoutMaster: 'false',
      modificationIndex: '1',
    });
  });

  it('creates new negative lines numbered on after the original five', () => {
    expect(lines().map((l) => at(l, 'lineNumber'))).toEqual(['1', '2', '3', '4', '5']);
    expect(lines().map((l) => at(l, 'lineModificationReference'))).toEqual(
      ['6', '7', '8', '9', '10'].map((n) => ({ lineNumberReference: n, lineOperation: 'CREATE' })),
    );
    expect(at(lines()[0], 'quantity')).toBe('-100');
    expect(at(lines()[0], 'unitPrice')).toBe('50');
    expect(at(lines()[0], 'lineAmountsNormal', 'lineNetAmountData', 'lineNetAmount')).toBe('-4500');
    expect(at(built(), 'invoiceSummary', 'summaryNormal', 'invoiceNetAmountHUF')).toBe('-21000');
    expect(at(built(), 'invoiceSummary', 'summaryGrossData', 'invoiceGrossAmount')).toBe('-23175');
  });

  it('needs the prior line count for a later modification, and numbers on from it', () => {
    const second = { ...stornoOfDomestic(), modificationIndex: 2 };
    expect(() => buildInvoiceDataXml(second)).toThrow(/priorLineCount/);
    const { invoice: inv } = buildValid(second, { priorLineCount: 6 });
    expect(at(inv, 'invoiceReference', 'modificationIndex')).toBe('2');
    expect(at(list(inv, 'invoiceLines', 'line')[0], 'lineModificationReference', 'lineNumberReference')).toBe(
      '7',
    );
  });
});

describe('buildInvoiceDataXml: text', () => {
  const doc = awkwardNamesInvoice();
  const built = once(() => buildValid(doc));

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it('escapes markup characters and keeps Hungarian letters as UTF-8', () => {
    const { xml, root, invoice } = built();
    expect(xml).toContain('Kő &amp; Fű &quot;Tükörfúrógép&quot; &lt;Kft.&gt;');
    expect(xml).not.toMatch(/&#x?[0-9a-f]+;/i);
    expect(at(root, 'invoiceNumber')).toBe('SD/2026 & <6>');
    expect(at(invoice, 'invoiceHead', 'supplierInfo', 'supplierName')).toBe(doc.seller.name);
    expect(at(invoice, 'invoiceHead', 'customerInfo', 'customerName')).toBe("Árvíztűrő & O'Brien <Bt.>");
  });

  it('puts a multi-line description on one line, as the NotBlank pattern requires', () => {
    expect(at(list(built().invoice, 'invoiceLines', 'line')[0], 'lineDescription')).toBe(
      'Őszibarack & szőlő <b> – első sor második sor "idézet"',
    );
  });
});

describe('buildInvoiceDataXml: units', () => {
  const built = once(() => list(buildValid(unitsInvoice()).invoice, 'invoiceLines', 'line'));

  it('validates against invoiceData.xsd', () => {
    built();
  });

  it.each(UNIT_CASES.map(([unit, expected], i) => ({ unit, expected, i })))(
    'maps $unit to $expected',
    ({ unit, expected, i }) => {
      const line = built()[i];
      expect(at(line, 'unitOfMeasure')).toBe(expected);
      if (expected === 'OWN') expect(at(line, 'unitOfMeasureOwn')).toBe(unit);
      else expect(line).not.toHaveProperty('unitOfMeasureOwn');
    },
  );
});

describe('buildInvoiceDataXml: options', () => {
  it('applies per-line VAT case overrides', () => {
    const { invoice } = buildValid(domesticInvoice(), {
      vatCases: {
        4: 'REVERSE_CHARGE',
        5: { kind: 'exemption', case: 'TAM', reason: 'Mentes Áfa tv. 85. § (1) i)' },
      },
      lineNature: { 4: 'SERVICE' },
    });
    const lines = list(invoice, 'invoiceLines', 'line');
    expect(at(lines[3], 'lineAmountsNormal', 'lineVatRate')).toEqual({ vatDomesticReverseCharge: 'true' });
    expect(at(lines[3], 'lineNatureIndicator')).toBe('SERVICE');
    expect(at(lines[4], 'lineAmountsNormal', 'lineVatRate', 'vatExemption', 'reason')).toBe(
      'Mentes Áfa tv. 85. § (1) i)',
    );
  });

  it('defaults 0% to AAM for a seller under the subject exemption', () => {
    const doc = privatePersonInvoice();
    doc.lines = doc.lines.map((l) => ({ ...l, vatRate: '0', vat: '0', gross: l.net }));
    doc.vatSummary = [{ vatRate: '0', net: doc.totals.net, vat: '0', gross: doc.totals.net }];
    doc.totals = { net: doc.totals.net, vat: '0', gross: doc.totals.net };
    const { invoice } = buildValid(doc, { supplierIndividualExemption: true });
    expect(at(invoice, 'invoiceHead', 'supplierInfo', 'individualExemption')).toBe('true');
    const line = list(invoice, 'invoiceLines', 'line')[0];
    expect(at(line, 'lineAmountsNormal', 'lineVatRate', 'vatExemption')).toEqual({
      case: 'AAM',
      reason: 'Alanyi adómentes',
    });
  });

  it('rejects an override on a line that charges VAT, or one naming no line', () => {
    expect(() => buildInvoiceDataXml(domesticInvoice(), { vatCases: { 1: 'TAM' } })).toThrow(/vatCases\[1\]/);
    expect(() => buildInvoiceDataXml(domesticInvoice(), { vatCases: { 9: 'TAM' } })).toThrow(/vatCases\[9\]/);
  });

  it('sets the appearance and names the software in a comment', () => {
    const { xml, invoice } = buildValid(domesticInvoice(), {
      invoiceAppearance: 'ELECTRONIC',
      softwareName: 'Stockdesk -- 0.1.0',
    });
    expect(at(invoice, 'invoiceHead', 'invoiceDetail', 'invoiceAppearance')).toBe('ELECTRONIC');
    expect(xml.split('\n')[1]).toBe('<!-- Stockdesk - 0.1.0 -->');
  });
});

describe('buildInvoiceDataXml: errors', () => {
  const fails = (doc: InvoiceDocument, pattern: RegExp) => {
    expect(() => buildInvoiceDataXml(doc)).toThrow(NavInvoiceDataError);
    expect(() => buildInvoiceDataXml(doc)).toThrow(pattern);
  };

  it('refuses a proforma', () =>
    fails({ ...domesticInvoice(), kind: 'proforma' }, /kind: a proforma is not a tax invoice/));
  it('refuses a draft without number', () =>
    fails({ ...domesticInvoice(), invoiceNumber: null }, /invoiceNumber: is null/));
  it('refuses a seller without tax number', () => {
    fails(
      { ...domesticInvoice(), seller: { ...seller, taxNumber: undefined } },
      /seller\.taxNumber: is required/,
    );
    fails(
      { ...domesticInvoice(), seller: { ...seller, taxNumber: '1234' } },
      /seller\.taxNumber: "1234" is not/,
    );
    fails(
      { ...domesticInvoice(), seller: { ...seller, taxNumber: '12345678' } },
      /seller\.taxNumber: "12345678" is not/,
    );
  });
  it('refuses a domestic buyer without tax number', () => {
    const doc = domesticInvoice();
    fails({ ...doc, buyer: { ...doc.buyer, taxNumber: undefined } }, /buyer\.taxNumber: is required/);
  });
  it('refuses a foreign-currency line without HUF amounts', () => {
    const doc = euInvoice();
    doc.lines = doc.lines.map((l, i) => (i === 1 ? { ...l, netHuf: undefined } : l));
    fails(doc, /lines\[1\]\.netHuf: is required on a EUR invoice/);
  });
  it('refuses a storno without its reference data', () => {
    fails({ ...stornoOfDomestic(), modificationIndex: undefined }, /modificationIndex: a storno needs/);
    fails({ ...stornoOfDomestic(), original: undefined }, /original\.invoiceNumber: is required/);
  });
  it('refuses a received invoice', () => fails({ ...domesticInvoice(), crdr: 'received' }, /crdr/));
  it('refuses a VAT rate Hungary does not have', () => {
    const doc = domesticInvoice();
    doc.lines = doc.lines.map((l, i) => (i === 0 ? { ...l, vatRate: '20' } : l));
    fails(doc, /lines\[0\]\.vatRate: 20% is not a Hungarian VAT rate/);
  });
  it("refuses a community VAT number that is not the seller's", () => {
    fails({ ...domesticInvoice(), seller: { ...seller, euVatNumber: 'HU87654321' } }, /seller\.euVatNumber/);
  });
  it('refuses domestic reverse charge for a buyer that is not DOMESTIC', () => {
    expect(() => buildInvoiceDataXml(euInvoice(), { vatCases: { 1: 'REVERSE_CHARGE' } })).toThrow(
      /vatCases\[1\]: domestic reverse charge needs a DOMESTIC customer/,
    );
  });
});

describe('mapPaymentMethod', () => {
  it.each([
    ['transfer', 'TRANSFER'],
    ['cash', 'CASH'],
    ['bankcard', 'CARD'],
    ['cheque', 'VOUCHER'],
    ['other', 'OTHER'],
    ['c.o.d.', 'OTHER'],
    ['direct debit', 'TRANSFER'],
    ['something new', 'OTHER'],
  ])('maps %s to %s', (method, expected) => {
    expect(mapPaymentMethod(method)).toBe(expected);
  });
});
