/**
 * View models of the documents the server renders: the invoice (PDF and the tax authority's
 * invoice data) and the payment-reminder letter. The finance services build these from storage;
 * the renderers never touch the database. Amounts are exact decimal strings ("12700", "99.90")
 * already rounded by @shared/money, so every renderer prints the same figures the API returns.
 */

import type { VatCaseCode } from '@shared/vat/cases';

export type Locale = 'hu_HU' | 'en_US' | 'de_DE' | 'pl_PL' | 'es_ES';
export type Decimal = string;

export interface Address {
  countryCode: string; // ISO 3166-1 alpha-2
  postalCode: string;
  city: string;
  street: string;
}

export interface Party {
  name: string;
  address: Address;
  /** Hungarian tax number, 8-1-2 digits ("12345678-2-42"); absent for private persons and foreigners. */
  taxNumber?: string;
  /** Community VAT number ("HU12345678", "DE123456789"). */
  euVatNumber?: string;
  bankAccount?: string;
  swift?: string;
  email?: string;
  phone?: string;
}

export type Crdr = 'outgoing' | 'received' | 'advance in' | 'advance out';
export type CustomerVatType = 'DOMESTIC' | 'PRIVATE_PERSON' | 'OTHER';

export interface InvoiceLine {
  lineNo: number;
  name: string;
  description?: string;
  productId?: number;
  /** VTSZ (customs tariff) number of the product, printed and reported where the product has one. */
  vtsz?: string;
  unit: string;
  quantity: Decimal;
  unitPrice: Decimal; // net, per unit, in the invoice currency
  discountPercent: Decimal; // 0..100
  vatRate: Decimal; // percent: "27", "18", "5", "0"
  net: Decimal;
  vat: Decimal;
  gross: Decimal;
  /** Present on foreign-currency invoices: the line's net and VAT in HUF at the invoice fx rate. */
  netHuf?: Decimal;
  vatHuf?: Decimal;
  deposit: boolean;
  /**
   * 0% lines: the legal ground for charging no VAT (NAV's case code: AAM, TAM, KBAET, EAM, …), decided
   * by zeroVatCase in src/server/nav/vatCase.ts. The PDF prints its legal text and the NAV invoice
   * data reports the same case. Absent: the NAV builder decides it the same way, the PDF prints none.
   */
  vatCase?: VatCaseCode;
}

export interface VatSummaryRow {
  vatRate: Decimal;
  net: Decimal;
  vat: Decimal;
  gross: Decimal;
  netHuf?: Decimal;
  vatHuf?: Decimal;
}

export interface Retention {
  name: string;
  amount: Decimal;
  dueDate: string; // YYYY-MM-DD
  note: string;
  type: number;
  vat: Decimal;
}

export interface InvoiceDocument {
  invoiceId: number;
  /** Null while the invoice is a local draft that the server has not numbered yet. */
  invoiceNumber: string | null;
  /** invoice: a normal tax invoice; proforma: not a tax invoice; storno: cancels `original`. */
  kind: 'invoice' | 'proforma' | 'storno';
  crdr: Crdr;
  /** The invoice this one cancels (storno) or modifies. */
  original?: { invoiceNumber: string; issuedDate: string };
  /** Online Számla modification index of a storno/modification, 1 for the first one on an original. */
  modificationIndex?: number;
  issuedDate: string;
  fulfillmentDate: string;
  paymentDate: string;
  /** As sent in setInvoice: transfer, cash, bankcard, cheque, other, c.o.d., direct debit. */
  paymentMethod: string;
  currency: 'HUF' | 'EUR' | 'USD' | 'GBP';
  /** HUF per one unit of `currency`; absent for HUF invoices. */
  fxRate?: Decimal;
  language: Locale;
  customerVatType: CustomerVatType;
  seller: Party;
  buyer: Party;
  description?: string;
  centralDescription?: string;
  lines: InvoiceLine[];
  vatSummary: VatSummaryRow[];
  totals: { net: Decimal; vat: Decimal; gross: Decimal; netHuf?: Decimal; vatHuf?: Decimal; grossHuf?: Decimal };
  retentions: Retention[];
  /** Free-text notes printed at the foot (e.g. "electronic signature not applied: no certificate"). */
  notes?: string[];
}

export interface DueLetterInvoice {
  invoiceNumber: string;
  issuedDate: string;
  paymentDate: string;
  daysOverdue: number;
  currency: string;
  gross: Decimal;
  balance: Decimal;
}

export interface DueLetterDocument {
  language: Locale;
  date: string; // the letter's date, YYYY-MM-DD
  seller: Party;
  buyer: Party;
  subject: string;
  /** Paragraphs before the invoice table (salutation and the request). */
  opening: string[];
  invoices: DueLetterInvoice[];
  totals: Array<{ currency: string; outstanding: Decimal; overdue: Decimal }>;
  /** Paragraphs after the table (how to pay, what happens next, the greeting). */
  closing: string[];
}
