/**
 * Invoice documents for the NAV invoice-data tests. Amounts are computed here the way an invoice
 * computes them (net from quantity, price and discount; VAT per line; summary and totals as sums),
 * so every fixture is self-consistent and a test can change a line without redoing arithmetic.
 */
import Big from 'big.js';
import type { InvoiceDocument, InvoiceLine, Party, VatSummaryRow } from '@documents/model';

export interface LineSpec {
  name: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  vatRate: string;
  discountPercent?: string;
  vtsz?: string;
  productId?: number;
  description?: string;
  deposit?: boolean;
}

type Currency = InvoiceDocument['currency'];
type Base = Omit<InvoiceDocument, 'lines' | 'vatSummary' | 'totals'>;

export function makeLine(spec: LineSpec, lineNo: number, currency: Currency, fxRate?: string): InvoiceLine {
  const dp = currency === 'HUF' ? 0 : 2;
  const discount = new Big(spec.discountPercent ?? '0');
  const net = new Big(spec.quantity)
    .times(spec.unitPrice)
    .times(new Big(100).minus(discount).div(100))
    .round(dp);
  const vat = net.times(spec.vatRate).div(100).round(dp);
  const line: InvoiceLine = {
    lineNo,
    name: spec.name,
    description: spec.description,
    productId: spec.productId,
    vtsz: spec.vtsz,
    unit: spec.unit,
    quantity: spec.quantity,
    unitPrice: spec.unitPrice,
    discountPercent: discount.toFixed(),
    vatRate: spec.vatRate,
    net: net.toFixed(dp),
    vat: vat.toFixed(dp),
    gross: net.plus(vat).toFixed(dp),
    deposit: spec.deposit ?? false,
  };
  if (currency !== 'HUF') {
    line.netHuf = net.times(fxRate ?? '0').toFixed(2);
    line.vatHuf = vat.times(fxRate ?? '0').toFixed(2);
  }
  return line;
}

const sum = (values: Array<string | undefined>) => values.reduce((s, v) => s.plus(v ?? '0'), new Big(0));

/** Adds the VAT summary and totals that the document's lines imply. */
export function withTotals(base: Base, lines: InvoiceLine[]): InvoiceDocument {
  const foreign = base.currency !== 'HUF';
  const rates = [...new Set(lines.map((l) => l.vatRate))];
  const vatSummary: VatSummaryRow[] = rates.map((vatRate) => {
    const of = lines.filter((l) => l.vatRate === vatRate);
    const row: VatSummaryRow = {
      vatRate,
      net: sum(of.map((l) => l.net)).toFixed(),
      vat: sum(of.map((l) => l.vat)).toFixed(),
      gross: sum(of.map((l) => l.gross)).toFixed(),
    };
    if (foreign) {
      row.netHuf = sum(of.map((l) => l.netHuf)).toFixed();
      row.vatHuf = sum(of.map((l) => l.vatHuf)).toFixed();
    }
    return row;
  });
  const totals: InvoiceDocument['totals'] = {
    net: sum(lines.map((l) => l.net)).toFixed(),
    vat: sum(lines.map((l) => l.vat)).toFixed(),
    gross: sum(lines.map((l) => l.gross)).toFixed(),
  };
  if (foreign) {
    totals.netHuf = sum(lines.map((l) => l.netHuf)).toFixed();
    totals.vatHuf = sum(lines.map((l) => l.vatHuf)).toFixed();
    totals.grossHuf = new Big(totals.netHuf).plus(totals.vatHuf).toFixed();
  }
  return { ...base, lines, vatSummary, totals };
}

export function makeInvoice(base: Base, specs: LineSpec[]): InvoiceDocument {
  return withTotals(
    base,
    specs.map((s, i) => makeLine(s, i + 1, base.currency, base.fxRate)),
  );
}

export const seller: Party = {
  name: 'Stockdesk Minta Kft.',
  address: { countryCode: 'HU', postalCode: '1051', city: 'Budapest', street: 'Nádor utca 12.' },
  taxNumber: '12345678-2-42',
  euVatNumber: 'HU12345678',
  bankAccount: '11773016-11111018-00000000',
  email: 'szamla@example.hu',
};

const domesticBuyer: Party = {
  name: 'Beszerző Bt.',
  address: { countryCode: 'HU', postalCode: '7621', city: 'Pécs', street: 'Király utca 5.' },
  taxNumber: '87654321-2-02',
};

const base: Base = {
  invoiceId: 1,
  invoiceNumber: 'SD-2026-000001',
  kind: 'invoice',
  crdr: 'outgoing',
  issuedDate: '2026-03-02',
  fulfillmentDate: '2026-03-01',
  paymentDate: '2026-03-16',
  paymentMethod: 'transfer',
  currency: 'HUF',
  language: 'hu_HU',
  customerVatType: 'DOMESTIC',
  seller,
  buyer: domesticBuyer,
  retentions: [],
};

/** 27/18/5% lines, a discount, VTSZ codes, a 0% exempt line and a 0% deposit line. */
export function domesticInvoice(): InvoiceDocument {
  return makeInvoice(base, [
    {
      name: 'Csavar M8x40',
      unit: 'db',
      quantity: '100',
      unitPrice: '50',
      vatRate: '27',
      discountPercent: '10',
      vtsz: '7318 15 95',
      productId: 11,
    },
    {
      name: 'Kenyér',
      unit: 'kg',
      quantity: '2.5',
      unitPrice: '800',
      vatRate: '18',
      vtsz: '19059080',
      productId: 12,
    },
    {
      name: 'Szakkönyv',
      unit: 'pcs',
      quantity: '3',
      unitPrice: '4000',
      vatRate: '5',
      vtsz: '49019900',
      productId: 13,
    },
    { name: 'Postai kézbesítés', unit: 'db', quantity: '1', unitPrice: '1500', vatRate: '0' },
    { name: 'Rekesz betétdíj', unit: 'db', quantity: '4', unitPrice: '250', vatRate: '0', deposit: true },
  ]);
}

/** Cancels domesticInvoice(): the same lines with negative quantities, modification index 1. */
export function stornoOfDomestic(): InvoiceDocument {
  const original = domesticInvoice();
  const negate = (v: string | undefined) => (v === undefined ? undefined : new Big(v).times(-1).toFixed());
  const lines = original.lines.map((l) => ({
    ...l,
    quantity: negate(l.quantity) ?? l.quantity,
    net: negate(l.net) ?? l.net,
    vat: negate(l.vat) ?? l.vat,
    gross: negate(l.gross) ?? l.gross,
  }));
  return withTotals(
    {
      ...base,
      invoiceId: 2,
      invoiceNumber: 'SD-2026-000002',
      kind: 'storno',
      issuedDate: '2026-03-05',
      original: { invoiceNumber: 'SD-2026-000001', issuedDate: '2026-03-02' },
      modificationIndex: 1,
    },
    lines,
  );
}

export function privatePersonInvoice(): InvoiceDocument {
  return makeInvoice(
    {
      ...base,
      invoiceId: 3,
      invoiceNumber: 'SD-2026-000003',
      customerVatType: 'PRIVATE_PERSON',
      paymentMethod: 'bankcard',
      buyer: {
        name: 'Kovács Ödön',
        address: { countryCode: 'HU', postalCode: '4025', city: 'Debrecen', street: 'Piac utca 20.' },
      },
    },
    [
      {
        name: 'Ütvefúrógép',
        unit: 'db',
        quantity: '1',
        unitPrice: '20000',
        vatRate: '27',
        vtsz: '84672110',
        productId: 21,
      },
      {
        name: 'Fúrószár készlet',
        unit: 'csomag',
        quantity: '2',
        unitPrice: '3500',
        vatRate: '27',
        productId: 22,
      },
    ],
  );
}

/** EUR to a German company: intra-community supply of goods plus a §37 service. */
export function euInvoice(): InvoiceDocument {
  return makeInvoice(
    {
      ...base,
      invoiceId: 4,
      invoiceNumber: 'SD-2026-000004',
      customerVatType: 'OTHER',
      currency: 'EUR',
      fxRate: '395.12',
      language: 'de_DE',
      buyer: {
        name: 'Müller Maschinenbau GmbH',
        address: { countryCode: 'DE', postalCode: '80331', city: 'München', street: 'Marienplatz 8' },
        euVatNumber: 'DE 123 456 789',
      },
    },
    [
      {
        name: 'Csavar M8x40',
        unit: 'pcs',
        quantity: '1000',
        unitPrice: '0.25',
        vatRate: '0',
        vtsz: '73181595',
        productId: 11,
      },
      { name: 'Raklap', unit: 'pack', quantity: '2', unitPrice: '12.50', vatRate: '0', productId: 31 },
      { name: 'Helyszíni szerelés', unit: 'óra', quantity: '3', unitPrice: '40.00', vatRate: '0' },
    ],
  );
}

/** USD export to a US buyer without a tax id on file. */
export function thirdCountryInvoice(): InvoiceDocument {
  return makeInvoice(
    {
      ...base,
      invoiceId: 5,
      invoiceNumber: 'SD-2026-000005',
      customerVatType: 'OTHER',
      currency: 'USD',
      fxRate: '362.5',
      language: 'en_US',
      paymentMethod: 'cheque',
      buyer: {
        name: 'Acme Pumps Inc.',
        address: { countryCode: 'US', postalCode: '10118', city: 'New York', street: '350 Fifth Avenue' },
      },
    },
    [
      {
        name: 'Ipari szivattyú',
        unit: 'pcs',
        quantity: '2',
        unitPrice: '1500.00',
        vatRate: '0',
        vtsz: '84137030',
        productId: 41,
      },
      { name: 'Kalibrálás', unit: 'h', quantity: '4', unitPrice: '80.00', vatRate: '0' },
      { name: 'Tengerentúli szállítás', unit: 'szállítás', quantity: '1', unitPrice: '150.00', vatRate: '0' },
    ],
  );
}

/** Names and descriptions that need escaping, and Hungarian letters that must stay UTF-8. */
export function awkwardNamesInvoice(): InvoiceDocument {
  return makeInvoice(
    {
      ...base,
      invoiceId: 6,
      invoiceNumber: 'SD/2026 & <6>',
      seller: { ...seller, name: 'Kő & Fű "Tükörfúrógép" <Kft.>' },
      buyer: { ...domesticBuyer, name: "Árvíztűrő & O'Brien <Bt.>" },
    },
    [
      {
        name: 'Őszibarack & szőlő <b>',
        description: 'első sor\nmásodik sor "idézet"',
        unit: 'kg',
        quantity: '1.25',
        unitPrice: '1200',
        vatRate: '27',
      },
    ],
  );
}

/** Every unit the mapping knows about, plus two it does not (m2 and a free-text one). */
export const UNIT_CASES: Array<[unit: string, expected: string]> = [
  ['pcs', 'PIECE'],
  ['db', 'PIECE'],
  ['kg', 'KILOGRAM'],
  ['t', 'TON'],
  ['km', 'KILOMETER'],
  ['day', 'DAY'],
  ['nap', 'DAY'],
  ['h', 'HOUR'],
  ['óra', 'HOUR'],
  ['m', 'METER'],
  ['l', 'LITER'],
  ['m3', 'CUBIC_METER'],
  ['pack', 'PACK'],
  ['csomag', 'PACK'],
  ['m2', 'OWN'],
  ['láda', 'OWN'],
];

export function unitsInvoice(): InvoiceDocument {
  return makeInvoice(
    { ...base, invoiceId: 7, invoiceNumber: 'SD-2026-000007' },
    UNIT_CASES.map(([unit], i) => ({
      name: `Tétel ${i + 1}`,
      unit,
      quantity: '2',
      unitPrice: '100',
      vatRate: '27',
    })),
  );
}
