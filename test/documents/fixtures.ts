/**
 * Realistic documents for the renderer tests and the sample script. Figures are consistent
 * (net × rate = VAT, per-rate sums = totals) as the money module would produce them.
 */
import { dueLetterText } from '@documents/letterText';
import type {
  DueLetterDocument,
  InvoiceDocument,
  InvoiceLine,
  Locale,
  Party,
  VatSummaryRow,
} from '@documents/model';

export const seller: Party = {
  name: 'Stockdesk Kereskedelmi Kft.',
  address: { countryCode: 'HU', postalCode: '1117', city: 'Budapest', street: 'Budafoki út 91–93.' },
  taxNumber: '24567812-2-43',
  euVatNumber: 'HU24567812',
  bankAccount: '11773016-01234567-00000000',
  swift: 'OTPVHUHB',
  email: 'szamlazas@stockdesk.hu',
  phone: '+36 1 234 5678',
};

export const buyer: Party = {
  name: 'Kovács és Fiú Kft.',
  address: { countryCode: 'HU', postalCode: '9021', city: 'Győr', street: 'Petőfi Sándor utca 12.' },
  taxNumber: '13579246-2-08',
  euVatNumber: 'HU13579246',
  email: 'penzugy@kovacsesfiu.hu',
};

export const germanBuyer: Party = {
  name: 'Müller Maschinenbau GmbH',
  address: { countryCode: 'DE', postalCode: '70565', city: 'Stuttgart', street: 'Industriestraße 7' },
  euVatNumber: 'DE811234567',
  email: 'buchhaltung@mueller-maschinenbau.de',
};

type LineInput = Omit<InvoiceLine, 'deposit'> & { deposit?: boolean };
const line = (l: LineInput): InvoiceLine => ({ deposit: false, ...l });

const domesticLines: InvoiceLine[] = [
  line({
    lineNo: 1,
    name: 'Szűrőbetét, ősszel gyűjtött',
    description: 'Évszakos gyűjtésből, 20×25 cm, tűzálló kivitel',
    productId: 101,
    vtsz: '8421 21 00',
    unit: 'db',
    quantity: '12',
    unitPrice: '4500',
    discountPercent: '0',
    vatRate: '27',
    net: '54000',
    vat: '14580',
    gross: '68580',
  }),
  line({
    lineNo: 2,
    name: 'Ipari védőkesztyű, nitril bevonatú, kopásálló, olaj- és vegyszerálló, L méret, 10 pár/csomag',
    productId: 102,
    vtsz: '4015 19 00',
    unit: 'csomag',
    quantity: '10',
    unitPrice: '1290',
    discountPercent: '10',
    vatRate: '27',
    net: '11610',
    vat: '3135',
    gross: '14745',
  }),
  line({
    lineNo: 3,
    name: 'Trappista sajt',
    productId: 103,
    vtsz: '0406 90 78',
    unit: 'kg',
    quantity: '3',
    unitPrice: '2890',
    discountPercent: '0',
    vatRate: '18',
    net: '8670',
    vat: '1561',
    gross: '10231',
  }),
  line({
    lineNo: 4,
    name: 'Szakkönyv: Raktárlogisztika a gyakorlatban',
    productId: 104,
    vtsz: '4901 99 00',
    unit: 'db',
    quantity: '2',
    unitPrice: '6900',
    discountPercent: '0',
    vatRate: '5',
    net: '13800',
    vat: '690',
    gross: '14490',
  }),
  line({
    lineNo: 5,
    name: 'Postázási díj (tárgyi adómentes)',
    unit: 'alkalom',
    quantity: '1',
    unitPrice: '1500',
    discountPercent: '0',
    vatRate: '0',
    net: '1500',
    vat: '0',
    gross: '1500',
  }),
];

const domesticSummary: VatSummaryRow[] = [
  { vatRate: '27', net: '65610', vat: '17715', gross: '83325' },
  { vatRate: '18', net: '8670', vat: '1561', gross: '10231' },
  { vatRate: '5', net: '13800', vat: '690', gross: '14490' },
  { vatRate: '0', net: '1500', vat: '0', gross: '1500' },
];

export const domesticInvoice: InvoiceDocument = {
  invoiceId: 123,
  invoiceNumber: 'SD-2024/000123',
  kind: 'invoice',
  crdr: 'outgoing',
  issuedDate: '2024-03-15',
  fulfillmentDate: '2024-03-14',
  paymentDate: '2024-03-29',
  paymentMethod: 'transfer',
  currency: 'HUF',
  language: 'hu_HU',
  customerVatType: 'DOMESTIC',
  seller,
  buyer,
  description:
    'Megrendelés száma: KF-2024/031. Kérjük, utaláskor a közleményben tüntessék fel a számla sorszámát.',
  lines: domesticLines,
  vatSummary: domesticSummary,
  totals: { net: '89580', vat: '19966', gross: '109546' },
  retentions: [],
  notes: ['A számla elektronikus aláírás nélkül készült, nyomtatott formában is érvényes.'],
};

export const eurInvoice: InvoiceDocument = {
  invoiceId: 130,
  invoiceNumber: 'SD-2024/000130',
  kind: 'invoice',
  crdr: 'outgoing',
  issuedDate: '2024-04-02',
  fulfillmentDate: '2024-03-28',
  paymentDate: '2024-05-02',
  paymentMethod: 'transfer',
  currency: 'EUR',
  fxRate: '395.12',
  language: 'en_US',
  customerVatType: 'OTHER',
  seller: { ...seller, bankAccount: 'HU42 1177 3016 0123 4567 0000 0000' },
  buyer: germanBuyer,
  lines: [
    line({
      lineNo: 1,
      name: 'Filter housing FH-200, stainless steel',
      description: 'Intra-Community supply of goods, exempt under Art. 138 of Directive 2006/112/EC',
      vtsz: '8421 39 90',
      unit: 'pc',
      quantity: '4',
      unitPrice: '1250.00',
      discountPercent: '0',
      vatRate: '0',
      net: '5000.00',
      vat: '0.00',
      gross: '5000.00',
      netHuf: '1975600',
      vatHuf: '0',
    }),
    line({
      lineNo: 2,
      name: 'Installation and commissioning at the Győr plant',
      description: 'Place of supply: Hungary (work performed on site)',
      unit: 'h',
      quantity: '16',
      unitPrice: '85.00',
      discountPercent: '5',
      vatRate: '27',
      net: '1292.00',
      vat: '348.84',
      gross: '1640.84',
      netHuf: '510495',
      vatHuf: '137834',
    }),
    line({
      lineNo: 3,
      name: 'Travel expenses (flat rate)',
      unit: 'pc',
      quantity: '1',
      unitPrice: '120.00',
      discountPercent: '0',
      vatRate: '27',
      net: '120.00',
      vat: '32.40',
      gross: '152.40',
      netHuf: '47414',
      vatHuf: '12802',
    }),
  ],
  vatSummary: [
    { vatRate: '27', net: '1412.00', vat: '381.24', gross: '1793.24', netHuf: '557909', vatHuf: '150636' },
    { vatRate: '0', net: '5000.00', vat: '0.00', gross: '5000.00', netHuf: '1975600', vatHuf: '0' },
  ],
  totals: {
    net: '6412.00',
    vat: '381.24',
    gross: '6793.24',
    netHuf: '2533509',
    vatHuf: '150636',
    grossHuf: '2684145',
  },
  retentions: [],
};

const negate = (v: string): string => (v === '0' || /^0(\.0+)?$/.test(v) ? v : `-${v}`);

export const stornoInvoice: InvoiceDocument = {
  ...domesticInvoice,
  invoiceId: 145,
  invoiceNumber: 'SD-2024/000145',
  kind: 'storno',
  original: { invoiceNumber: 'SD-2024/000123', issuedDate: '2024-03-15' },
  modificationIndex: 1,
  issuedDate: '2024-03-20',
  paymentDate: '2024-03-20',
  description: 'Téves számlázás miatt.',
  notes: [],
  lines: domesticLines.map((l) => ({
    ...l,
    quantity: negate(l.quantity),
    net: negate(l.net),
    vat: negate(l.vat),
    gross: negate(l.gross),
  })),
  vatSummary: domesticSummary.map((r) => ({
    ...r,
    net: negate(r.net),
    vat: negate(r.vat),
    gross: negate(r.gross),
  })),
  totals: { net: '-89580', vat: '-19966', gross: '-109546' },
};

export const proformaInvoice: InvoiceDocument = {
  ...domesticInvoice,
  invoiceId: 31,
  invoiceNumber: 'DB-2024/000031',
  kind: 'proforma',
  crdr: 'advance out',
  issuedDate: '2024-04-10',
  fulfillmentDate: '2024-04-10',
  paymentDate: '2024-04-18',
  description: 'Előlegbekérő a KF-2024/044 számú megrendeléshez. A végszámlát a teljesítéskor állítjuk ki.',
  notes: [],
  lines: [
    line({
      lineNo: 1,
      name: 'Előleg a KF-2024/044 számú megrendelésre',
      unit: 'tétel',
      quantity: '1',
      unitPrice: '200000',
      discountPercent: '0',
      vatRate: '27',
      net: '200000',
      vat: '54000',
      gross: '254000',
      deposit: true,
    }),
  ],
  vatSummary: [{ vatRate: '27', net: '200000', vat: '54000', gross: '254000' }],
  totals: { net: '200000', vat: '54000', gross: '254000' },
};

export const draftInvoice: InvoiceDocument = { ...domesticInvoice, invoiceId: 900, invoiceNumber: null };

const WORDS = [
  'Csavar',
  'Tömítőgyűrű',
  'Szűrőbetét',
  'Csapágy',
  'Ékszíj',
  'Hőszigetelő lap',
  'Kábelkötegelő',
];

/** 500 lines at four rates; every tenth name is long enough to wrap. */
function manyLines(): { lines: InvoiceLine[]; summary: VatSummaryRow[]; totals: InvoiceDocument['totals'] } {
  const rates = [27, 18, 5, 0];
  const byRate = new Map<number, { net: number; vat: number }>();
  const lines: InvoiceLine[] = [];
  for (let i = 1; i <= 500; i++) {
    const rate = rates[i % rates.length] ?? 27;
    const qty = (i % 7) + 1;
    const price = 150 + ((i * 37) % 900);
    const net = qty * price;
    const vat = Math.round((net * rate) / 100);
    const word = WORDS[i % WORDS.length] ?? 'Cikk';
    const name =
      i % 10 === 0
        ? `${word}, M${(i % 24) + 4} méret, horganyzott acél, ipari kivitel, ${i}. cikkszám szerinti csomagolásban`
        : `${word} ${i}. típus`;
    lines.push(
      line({
        lineNo: i,
        name,
        vtsz: i % 3 === 0 ? '7318 15 88' : undefined,
        unit: 'db',
        quantity: String(qty),
        unitPrice: String(price),
        discountPercent: '0',
        vatRate: String(rate),
        net: String(net),
        vat: String(vat),
        gross: String(net + vat),
      }),
    );
    const sum = byRate.get(rate) ?? { net: 0, vat: 0 };
    byRate.set(rate, { net: sum.net + net, vat: sum.vat + vat });
  }
  const summary = rates.map((rate) => {
    const s = byRate.get(rate) ?? { net: 0, vat: 0 };
    return { vatRate: String(rate), net: String(s.net), vat: String(s.vat), gross: String(s.net + s.vat) };
  });
  const net = summary.reduce((a, r) => a + Number(r.net), 0);
  const vat = summary.reduce((a, r) => a + Number(r.vat), 0);
  return { lines, summary, totals: { net: String(net), vat: String(vat), gross: String(net + vat) } };
}

const many = manyLines();
export const largeInvoice: InvoiceDocument = {
  ...domesticInvoice,
  invoiceId: 500,
  invoiceNumber: 'SD-2024/000500',
  description: undefined,
  lines: many.lines,
  vatSummary: many.summary,
  totals: many.totals,
};

export const retentionInvoice: InvoiceDocument = {
  ...domesticInvoice,
  invoiceId: 210,
  invoiceNumber: 'SD-2024/000210',
  buyer: {
    name: 'Győri Építő Zrt.',
    address: { countryCode: 'HU', postalCode: '9024', city: 'Győr', street: 'Szent Imre út 101.' },
    taxNumber: '10987654-2-08',
  },
  description:
    'Raktárépület gépészeti kivitelezése – 2. részszámla a 2024/07. sz. vállalkozási szerződés alapján.',
  notes: [],
  lines: [
    line({
      lineNo: 1,
      name: 'Gépészeti kivitelezés, 2. ütem',
      unit: 'klt',
      quantity: '1',
      unitPrice: '5000000',
      discountPercent: '0',
      vatRate: '27',
      net: '5000000',
      vat: '1350000',
      gross: '6350000',
    }),
  ],
  vatSummary: [{ vatRate: '27', net: '5000000', vat: '1350000', gross: '6350000' }],
  totals: { net: '5000000', vat: '1350000', gross: '6350000' },
  retentions: [
    {
      name: 'Jóteljesítési biztosíték (5%)',
      amount: '250000',
      dueDate: '2025-04-30',
      note: 'A műszaki átadás-átvételtől számított 12 hónap elteltével esedékes.',
      type: 1,
      vat: '67500',
    },
    {
      name: 'Hiánypótlási visszatartás',
      amount: '120000',
      dueDate: '2024-06-30',
      note: 'A hiánylista tételeinek javítása után fizetjük ki.',
      type: 2,
      vat: '32400',
    },
  ],
};

function dueLetter(
  language: Locale,
  invoices: DueLetterDocument['invoices'],
  totals: DueLetterDocument['totals'],
): DueLetterDocument {
  const date = '2024-05-06';
  const text = dueLetterText(language, {
    sellerName: seller.name,
    buyerName: buyer.name,
    date,
    invoiceCount: invoices.length,
    totals: totals.map((t) => ({ currency: t.currency, overdue: t.overdue })),
    bankAccount: seller.bankAccount,
    contact: 'szamlazas@stockdesk.hu, +36 1 234 5678',
  });
  return { language, date, seller, buyer, ...text, invoices, totals };
}

export const dueLetterHu = dueLetter(
  'hu_HU',
  [
    {
      invoiceNumber: 'SD-2024/000123',
      issuedDate: '2024-03-15',
      paymentDate: '2024-03-29',
      daysOverdue: 38,
      currency: 'HUF',
      gross: '109546',
      balance: '109546',
    },
    {
      invoiceNumber: 'SD-2024/000171',
      issuedDate: '2024-04-02',
      paymentDate: '2024-04-16',
      daysOverdue: 20,
      currency: 'HUF',
      gross: '48260',
      balance: '28260',
    },
  ],
  [{ currency: 'HUF', outstanding: '137806', overdue: '137806' }],
);

export const dueLetterEn = dueLetter(
  'en_US',
  [
    {
      invoiceNumber: 'SD-2024/000130',
      issuedDate: '2024-04-02',
      paymentDate: '2024-04-22',
      daysOverdue: 14,
      currency: 'EUR',
      gross: '6793.24',
      balance: '6793.24',
    },
    {
      invoiceNumber: 'SD-2024/000171',
      issuedDate: '2024-04-02',
      paymentDate: '2024-04-16',
      daysOverdue: 20,
      currency: 'HUF',
      gross: '48260',
      balance: '28260',
    },
  ],
  [
    { currency: 'EUR', outstanding: '6793.24', overdue: '6793.24' },
    { currency: 'HUF', outstanding: '128260', overdue: '28260' },
  ],
);
