/**
 * Labels and number/date formatting of the printed documents. `Messages` is one interface that
 * every locale object must satisfy completely, so a label added for one language and forgotten
 * in another fails the type check instead of printing `undefined` on a legal document.
 */
import type { InvoiceDocument, Locale } from './model';

export const PAYMENT_METHODS = [
  'transfer',
  'cash',
  'bankcard',
  'cheque',
  'other',
  'c.o.d.',
  'direct debit',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface Messages {
  title: Record<InvoiceDocument['kind'], string>;
  number: string;
  draftNumber: string;
  draftWatermark: string;
  proformaNotice: string;
  cancels: (invoiceNumber: string, date: string) => string;
  party: {
    seller: string;
    buyer: string;
    taxNumber: string;
    euVatNumber: string;
    bankAccount: string;
    swift: string;
    email: string;
    phone: string;
  };
  meta: {
    issueDate: string;
    fulfilmentDate: string;
    paymentDue: string;
    paymentMethod: string;
    currency: string;
    fxRate: string;
  };
  paymentMethods: Record<PaymentMethod, string>;
  lines: {
    no: string;
    item: string;
    vtsz: string;
    quantity: string;
    unitPrice: string;
    discount: string;
    net: string;
    vatRate: string;
    vat: string;
    gross: string;
    deposit: string;
    amountsIn: (currency: string) => string;
  };
  vatSummary: { title: string; rate: string; net: string; vat: string; gross: string; total: string };
  totals: {
    net: string;
    vat: string;
    gross: string;
    inHuf: (fxRate: string) => string;
    netHuf: string;
    vatHuf: string;
    grossHuf: string;
  };
  retentions: { title: string; name: string; dueDate: string; amount: string; vat: string; note: string };
  notes: string;
  page: (n: number, total: number) => string;
  letter: {
    subject: string;
    invoiceNumber: string;
    issueDate: string;
    dueDate: string;
    daysOverdue: string;
    gross: string;
    balance: string;
    totalsTitle: string;
    currency: string;
    outstanding: string;
    overdue: string;
  };
}

const hu: Messages = {
  title: { invoice: 'Számla', proforma: 'Díjbekérő (proforma)', storno: 'Sztornó számla' },
  number: 'Sorszám',
  draftNumber: 'Piszkozat – még nincs sorszáma',
  draftWatermark: 'PISZKOZAT — MÉG NINCS SORSZÁMA',
  proformaNotice: 'PROFORMA — nem minősül számlának, áfa levonására nem jogosít',
  cancels: (no, date) => `Ez a számla érvényteleníti a(z) ${no} sorszámú, ${date} keltezésű számlát.`,
  party: {
    seller: 'Eladó',
    buyer: 'Vevő',
    taxNumber: 'Adószám',
    euVatNumber: 'Közösségi adószám',
    bankAccount: 'Bankszámlaszám',
    swift: 'SWIFT/BIC',
    email: 'E-mail',
    phone: 'Telefon',
  },
  meta: {
    issueDate: 'Számla kelte',
    fulfilmentDate: 'Teljesítés dátuma',
    paymentDue: 'Fizetési határidő',
    paymentMethod: 'Fizetési mód',
    currency: 'Pénznem',
    fxRate: 'Árfolyam',
  },
  paymentMethods: {
    transfer: 'Átutalás',
    cash: 'Készpénz',
    bankcard: 'Bankkártya',
    cheque: 'Csekk',
    other: 'Egyéb',
    'c.o.d.': 'Utánvét',
    'direct debit': 'Csoportos beszedés',
  },
  lines: {
    no: 'Ssz.',
    item: 'Megnevezés',
    vtsz: 'VTSZ',
    quantity: 'Mennyiség',
    unitPrice: 'Nettó egységár',
    discount: 'Kedv. %',
    net: 'Nettó érték',
    vatRate: 'Áfa %',
    vat: 'Áfa',
    gross: 'Bruttó érték',
    deposit: 'előleg',
    amountsIn: (c) => `Az összegek pénzneme: ${c}`,
  },
  vatSummary: {
    title: 'Áfa-összesítő',
    rate: 'Áfakulcs',
    net: 'Nettó',
    vat: 'Áfa',
    gross: 'Bruttó',
    total: 'Összesen',
  },
  totals: {
    net: 'Nettó összesen',
    vat: 'Áfa összesen',
    gross: 'Bruttó végösszeg',
    inHuf: (rate) => `Forintban (${rate})`,
    netHuf: 'Nettó forintban',
    vatHuf: 'Áfa forintban',
    grossHuf: 'Bruttó forintban',
  },
  retentions: {
    title: 'Visszatartások',
    name: 'Megnevezés',
    dueDate: 'Esedékesség',
    amount: 'Összeg',
    vat: 'Áfa',
    note: 'Megjegyzés',
  },
  notes: 'Megjegyzés',
  page: (n, total) => `${n} / ${total}. oldal`,
  letter: {
    subject: 'Tárgy',
    invoiceNumber: 'Számla sorszáma',
    issueDate: 'Kelte',
    dueDate: 'Fizetési határidő',
    daysOverdue: 'Késedelem (nap)',
    gross: 'Bruttó összeg',
    balance: 'Fennálló összeg',
    totalsTitle: 'Összesítés pénznemenként',
    currency: 'Pénznem',
    outstanding: 'Fennálló tartozás',
    overdue: 'Ebből lejárt',
  },
};

const en: Messages = {
  title: { invoice: 'Invoice', proforma: 'Proforma invoice', storno: 'Cancellation invoice (storno)' },
  number: 'No.',
  draftNumber: 'Draft – not yet numbered',
  draftWatermark: 'DRAFT — NOT YET NUMBERED',
  proformaNotice: 'PROFORMA — not a tax invoice, does not entitle to VAT deduction',
  cancels: (no, date) => `This invoice cancels invoice no. ${no} of ${date}.`,
  party: {
    seller: 'Seller',
    buyer: 'Buyer',
    taxNumber: 'Tax number',
    euVatNumber: 'EU VAT number',
    bankAccount: 'Bank account',
    swift: 'SWIFT/BIC',
    email: 'Email',
    phone: 'Phone',
  },
  meta: {
    issueDate: 'Issue date',
    fulfilmentDate: 'Fulfilment date',
    paymentDue: 'Payment due',
    paymentMethod: 'Payment method',
    currency: 'Currency',
    fxRate: 'Exchange rate',
  },
  paymentMethods: {
    transfer: 'Bank transfer',
    cash: 'Cash',
    bankcard: 'Bank card',
    cheque: 'Cheque',
    other: 'Other',
    'c.o.d.': 'Cash on delivery',
    'direct debit': 'Direct debit',
  },
  lines: {
    no: 'No.',
    item: 'Description',
    vtsz: 'VTSZ (CN)',
    quantity: 'Quantity',
    unitPrice: 'Unit price (net)',
    discount: 'Disc. %',
    net: 'Net amount',
    vatRate: 'VAT %',
    vat: 'VAT',
    gross: 'Gross amount',
    deposit: 'advance payment',
    amountsIn: (c) => `Amounts in ${c}`,
  },
  vatSummary: {
    title: 'VAT summary',
    rate: 'VAT rate',
    net: 'Net',
    vat: 'VAT',
    gross: 'Gross',
    total: 'Total',
  },
  totals: {
    net: 'Total net',
    vat: 'Total VAT',
    gross: 'Total (gross)',
    inHuf: (rate) => `In HUF (${rate})`,
    netHuf: 'Net in HUF',
    vatHuf: 'VAT in HUF',
    grossHuf: 'Gross in HUF',
  },
  retentions: {
    title: 'Retentions',
    name: 'Item',
    dueDate: 'Due date',
    amount: 'Amount',
    vat: 'VAT',
    note: 'Note',
  },
  notes: 'Notes',
  page: (n, total) => `Page ${n} / ${total}`,
  letter: {
    subject: 'Subject',
    invoiceNumber: 'Invoice no.',
    issueDate: 'Issue date',
    dueDate: 'Due date',
    daysOverdue: 'Days overdue',
    gross: 'Gross',
    balance: 'Balance due',
    totalsTitle: 'Totals by currency',
    currency: 'Currency',
    outstanding: 'Outstanding',
    overdue: 'Of which overdue',
  },
};

const de: Messages = {
  title: { invoice: 'Rechnung', proforma: 'Proformarechnung', storno: 'Stornorechnung' },
  number: 'Nr.',
  draftNumber: 'Entwurf – noch nicht nummeriert',
  draftWatermark: 'ENTWURF — NOCH NICHT NUMMERIERT',
  proformaNotice: 'PROFORMA — keine Rechnung im Sinne des Umsatzsteuerrechts, kein Vorsteuerabzug',
  cancels: (no, date) => `Diese Rechnung storniert die Rechnung Nr. ${no} vom ${date}.`,
  party: {
    seller: 'Verkäufer',
    buyer: 'Käufer',
    taxNumber: 'Steuernummer',
    euVatNumber: 'USt-IdNr.',
    bankAccount: 'Bankverbindung',
    swift: 'SWIFT/BIC',
    email: 'E-Mail',
    phone: 'Telefon',
  },
  meta: {
    issueDate: 'Rechnungsdatum',
    fulfilmentDate: 'Leistungsdatum',
    paymentDue: 'Fällig am',
    paymentMethod: 'Zahlungsart',
    currency: 'Währung',
    fxRate: 'Wechselkurs',
  },
  paymentMethods: {
    transfer: 'Überweisung',
    cash: 'Barzahlung',
    bankcard: 'Kartenzahlung',
    cheque: 'Scheck',
    other: 'Sonstige',
    'c.o.d.': 'Nachnahme',
    'direct debit': 'Lastschrift',
  },
  lines: {
    no: 'Pos.',
    item: 'Bezeichnung',
    vtsz: 'VTSZ (KN)',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis (netto)',
    discount: 'Rabatt %',
    net: 'Netto',
    vatRate: 'USt. %',
    vat: 'USt.',
    gross: 'Brutto',
    deposit: 'Anzahlung',
    amountsIn: (c) => `Beträge in ${c}`,
  },
  vatSummary: {
    title: 'Umsatzsteuer nach Steuersätzen',
    rate: 'Steuersatz',
    net: 'Netto',
    vat: 'USt.',
    gross: 'Brutto',
    total: 'Summe',
  },
  totals: {
    net: 'Nettobetrag',
    vat: 'Umsatzsteuer',
    gross: 'Gesamtbetrag (brutto)',
    inHuf: (rate) => `In HUF (${rate})`,
    netHuf: 'Netto in HUF',
    vatHuf: 'USt. in HUF',
    grossHuf: 'Brutto in HUF',
  },
  retentions: {
    title: 'Einbehalte',
    name: 'Bezeichnung',
    dueDate: 'Fällig am',
    amount: 'Betrag',
    vat: 'USt.',
    note: 'Bemerkung',
  },
  notes: 'Bemerkungen',
  page: (n, total) => `Seite ${n} / ${total}`,
  letter: {
    subject: 'Betreff',
    invoiceNumber: 'Rechnungsnr.',
    issueDate: 'Rechnungsdatum',
    dueDate: 'Fällig am',
    daysOverdue: 'Tage überfällig',
    gross: 'Brutto',
    balance: 'Offener Betrag',
    totalsTitle: 'Summen je Währung',
    currency: 'Währung',
    outstanding: 'Offen',
    overdue: 'Davon überfällig',
  },
};

const pl: Messages = {
  title: { invoice: 'Faktura', proforma: 'Faktura proforma', storno: 'Faktura korygująca (storno)' },
  number: 'Nr',
  draftNumber: 'Szkic – jeszcze bez numeru',
  draftWatermark: 'SZKIC — JESZCZE BEZ NUMERU',
  proformaNotice: 'PROFORMA — nie jest fakturą VAT, nie uprawnia do odliczenia podatku',
  cancels: (no, date) => `Niniejsza faktura anuluje fakturę nr ${no} z dnia ${date}.`,
  party: {
    seller: 'Sprzedawca',
    buyer: 'Nabywca',
    taxNumber: 'Numer podatkowy',
    euVatNumber: 'Numer VAT UE',
    bankAccount: 'Rachunek bankowy',
    swift: 'SWIFT/BIC',
    email: 'E-mail',
    phone: 'Telefon',
  },
  meta: {
    issueDate: 'Data wystawienia',
    fulfilmentDate: 'Data dostawy/wykonania usługi',
    paymentDue: 'Termin płatności',
    paymentMethod: 'Sposób płatności',
    currency: 'Waluta',
    fxRate: 'Kurs waluty',
  },
  paymentMethods: {
    transfer: 'Przelew',
    cash: 'Gotówka',
    bankcard: 'Karta płatnicza',
    cheque: 'Czek',
    other: 'Inny',
    'c.o.d.': 'Za pobraniem',
    'direct debit': 'Polecenie zapłaty',
  },
  lines: {
    no: 'Lp.',
    item: 'Nazwa towaru lub usługi',
    vtsz: 'VTSZ (CN)',
    quantity: 'Ilość',
    unitPrice: 'Cena jedn. netto',
    discount: 'Rabat %',
    net: 'Wartość netto',
    vatRate: 'Stawka VAT',
    vat: 'Kwota VAT',
    gross: 'Wartość brutto',
    deposit: 'zaliczka',
    amountsIn: (c) => `Kwoty w ${c}`,
  },
  vatSummary: {
    title: 'Zestawienie VAT',
    rate: 'Stawka VAT',
    net: 'Netto',
    vat: 'VAT',
    gross: 'Brutto',
    total: 'Razem',
  },
  totals: {
    net: 'Razem netto',
    vat: 'Razem VAT',
    gross: 'Razem brutto',
    inHuf: (rate) => `W HUF (${rate})`,
    netHuf: 'Netto w HUF',
    vatHuf: 'VAT w HUF',
    grossHuf: 'Brutto w HUF',
  },
  retentions: {
    title: 'Kwoty zatrzymane',
    name: 'Nazwa',
    dueDate: 'Termin',
    amount: 'Kwota',
    vat: 'VAT',
    note: 'Uwagi',
  },
  notes: 'Uwagi',
  page: (n, total) => `Strona ${n} / ${total}`,
  letter: {
    subject: 'Dotyczy',
    invoiceNumber: 'Nr faktury',
    issueDate: 'Data wystawienia',
    dueDate: 'Termin płatności',
    daysOverdue: 'Dni po terminie',
    gross: 'Brutto',
    balance: 'Do zapłaty',
    totalsTitle: 'Podsumowanie według walut',
    currency: 'Waluta',
    outstanding: 'Do zapłaty',
    overdue: 'W tym przeterminowane',
  },
};

const es: Messages = {
  title: { invoice: 'Factura', proforma: 'Factura proforma', storno: 'Factura rectificativa (anulación)' },
  number: 'Nº',
  draftNumber: 'Borrador – aún sin numerar',
  draftWatermark: 'BORRADOR — AÚN SIN NUMERAR',
  proformaNotice: 'PROFORMA — no es una factura, no da derecho a deducir el IVA',
  cancels: (no, date) => `Esta factura anula la factura nº ${no} del ${date}.`,
  party: {
    seller: 'Vendedor',
    buyer: 'Comprador',
    taxNumber: 'Número fiscal',
    euVatNumber: 'NIF-IVA intracomunitario',
    bankAccount: 'Cuenta bancaria',
    swift: 'SWIFT/BIC',
    email: 'Correo electrónico',
    phone: 'Teléfono',
  },
  meta: {
    issueDate: 'Fecha de emisión',
    fulfilmentDate: 'Fecha de la operación',
    paymentDue: 'Vencimiento',
    paymentMethod: 'Forma de pago',
    currency: 'Moneda',
    fxRate: 'Tipo de cambio',
  },
  paymentMethods: {
    transfer: 'Transferencia bancaria',
    cash: 'Efectivo',
    bankcard: 'Tarjeta bancaria',
    cheque: 'Cheque',
    other: 'Otro',
    'c.o.d.': 'Contra reembolso',
    'direct debit': 'Domiciliación bancaria',
  },
  lines: {
    no: 'Nº',
    item: 'Concepto',
    vtsz: 'VTSZ (NC)',
    quantity: 'Cantidad',
    unitPrice: 'Precio unitario',
    discount: 'Dto. %',
    net: 'Base imponible',
    vatRate: 'IVA %',
    vat: 'Cuota IVA',
    gross: 'Total',
    deposit: 'anticipo',
    amountsIn: (c) => `Importes en ${c}`,
  },
  vatSummary: {
    title: 'Desglose del IVA',
    rate: 'Tipo de IVA',
    net: 'Base',
    vat: 'IVA',
    gross: 'Total',
    total: 'Total',
  },
  totals: {
    net: 'Base imponible',
    vat: 'Total IVA',
    gross: 'Total factura',
    inHuf: (rate) => `En HUF (${rate})`,
    netHuf: 'Base en HUF',
    vatHuf: 'IVA en HUF',
    grossHuf: 'Total en HUF',
  },
  retentions: {
    title: 'Retenciones',
    name: 'Concepto',
    dueDate: 'Vencimiento',
    amount: 'Importe',
    vat: 'IVA',
    note: 'Observaciones',
  },
  notes: 'Observaciones',
  page: (n, total) => `Página ${n} / ${total}`,
  letter: {
    subject: 'Asunto',
    invoiceNumber: 'Nº factura',
    issueDate: 'Fecha de emisión',
    dueDate: 'Vencimiento',
    daysOverdue: 'Días de retraso',
    gross: 'Importe',
    balance: 'Pendiente',
    totalsTitle: 'Totales por moneda',
    currency: 'Moneda',
    outstanding: 'Pendiente',
    overdue: 'Del cual vencido',
  },
};

const MESSAGES: Record<Locale, Messages> = { hu_HU: hu, en_US: en, de_DE: de, pl_PL: pl, es_ES: es };

export function messages(locale: Locale): Messages {
  return MESSAGES[locale];
}

/** The label of a setInvoice payment method; an unknown method prints as sent rather than vanishing. */
export function paymentMethodLabel(locale: Locale, method: string): string {
  const known = (PAYMENT_METHODS as readonly string[]).includes(method);
  return known ? MESSAGES[locale].paymentMethods[method as PaymentMethod] : method;
}

export { formatter, type Formatter } from './format';
