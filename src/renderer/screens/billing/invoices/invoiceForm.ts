/**
 * The invoice form: every header, item and retention field a clerk fills on setInvoice, as typed,
 * and how it becomes the parameters. Field names are the parameter names so the shared schema's
 * (and the server's) error paths land on the inputs. Prefill from an order carries `order_id`.
 */
import { setInvoiceParamsLocal } from '@shared/ipc/localIds';
import type { CRDR, CUSTOMER_VAT_TYPES } from '@shared/protocol/schemas/finance';
import type { INVOICE_CURRENCIES, Locale, PaymentMethod } from '@shared/protocol/fields';
import type { ContactRow, OrderView, ProductRow, ResultOf } from '@shared/ipc';
import { optionalDecimal } from '@renderer/lib/decimal';
import type { LineText } from '@renderer/lib/lineMath';
import type { CustomFieldRow } from '@renderer/screens/billing/orders/orderForm';

export type Crdr = (typeof CRDR)[number];
export type CustomerVatType = (typeof CUSTOMER_VAT_TYPES)[number];
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];

export interface InvoiceItemValues {
  name: string;
  unit_price: string;
  unit: string;
  quantity: string;
  vat: string;
  discount: string;
  description: string;
  product_id: string;
  deposit: boolean;
}

export interface RetentionValues {
  name: string;
  amount: string;
  due_date: string;
  note: string;
  type: string;
  vat: string;
}

export interface InvoiceFormValues {
  crdr: Crdr;
  method: PaymentMethod;
  issued_date: string;
  fulfillment_date: string;
  payment_date: string;
  selected_account: string;
  contact_id: number | null;
  contact_name: string;
  currency: InvoiceCurrency;
  fx_rate: string;
  customer_vat_type: CustomerVatType;
  language: Locale | '';
  email: string;
  esignature: boolean;
  proforma: boolean;
  invoice_description: string;
  central_description: string;
  issuer_swift: string;
  issuer_email: string;
  issuer_phone: string;
  /** Issuing bills this order's lines (and ships it); the lines are shown, not edited. */
  order_id: number | null;
  /** Issuing turns this proforma into a tax invoice with the proforma's lines. */
  from_proforma_id: number | null;
  items: InvoiceItemValues[];
  retentions: RetentionValues[];
  custom_fields: CustomFieldRow[];
}

/** Days from issue to the payment deadline on a fresh invoice. */
export const DEFAULT_TERMS_DAYS = 8;

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

export const emptyItem = (): InvoiceItemValues => ({
  name: '', unit_price: '', unit: 'db', quantity: '1', vat: '27', discount: '', description: '', product_id: '', deposit: false,
});

/** A line for a product picked or scanned on a hand-made invoice: its name, unit, VAT and list price (when in the invoice's currency). */
export const itemFromProduct = (p: ProductRow, currency: string): InvoiceItemValues => ({
  ...emptyItem(), name: p.name, unit: p.unit || 'db', vat: String(p.vat), product_id: String(p.id),
  unit_price: p.listPrice !== null && p.currency === currency ? String(p.listPrice) : '',
});

/** A line nobody has typed in yet: it is not checked until the clerk fills it or issues the invoice. */
export const isBlankItem = (it: InvoiceItemValues) => it.name.trim() === '' && it.unit_price.trim() === '' && it.product_id === '';

export const emptyRetention = (today: string): RetentionValues => ({ name: '', amount: '', due_date: today, note: '', type: '1', vat: '' });

export function emptyInvoice(today: string, language: Locale | '' = ''): InvoiceFormValues {
  return {
    crdr: 'outgoing', method: 'transfer', issued_date: today, fulfillment_date: today, payment_date: addDays(today, DEFAULT_TERMS_DAYS),
    selected_account: '', contact_id: null, contact_name: '', currency: 'HUF', fx_rate: '', customer_vat_type: 'DOMESTIC', language,
    email: '', esignature: false, proforma: false, invoice_description: '', central_description: '', issuer_swift: '', issuer_email: '',
    issuer_phone: '', order_id: null, from_proforma_id: null, items: [emptyItem()], retentions: [], custom_fields: [],
  };
}

export const invoiceLineText = (item: InvoiceItemValues): LineText => ({
  quantity: item.quantity,
  unitPrice: item.unit_price,
  discount: item.discount,
  vatRate: item.vat,
});

const text = (s: string) => (s.trim() === '' ? undefined : s.trim());

export function toInvoiceParams(v: InvoiceFormValues): Record<string, unknown> {
  const customFields = Object.fromEntries(v.custom_fields.filter((f) => f.name.trim() !== '').map((f) => [f.name.trim(), f.value]));
  return {
    crdr: v.crdr,
    method: v.method,
    issued_date: v.issued_date,
    payment_date: v.payment_date,
    fulfillment_date: v.fulfillment_date,
    selected_account: v.selected_account.trim(),
    contact_id: v.contact_id ?? undefined,
    currency: v.currency,
    customer_vat_type: v.customer_vat_type,
    fx_rate: v.currency === 'HUF' ? undefined : optionalDecimal(v.fx_rate),
    language: v.language || undefined,
    email: text(v.email),
    esignature: v.email.trim() !== '' && v.esignature ? 1 : undefined,
    proforma: v.proforma ? 1 : undefined,
    invoice_description: text(v.invoice_description),
    central_description: text(v.central_description),
    issuer_swift: text(v.issuer_swift),
    issuer_email: text(v.issuer_email),
    issuer_phone: text(v.issuer_phone),
    order_id: v.order_id ?? undefined,
    from_proforma_id: v.from_proforma_id ?? undefined,
    // Sent even when they come from an order or a proforma: the server checks they are exactly that
    // document's lines, and the offline preview and the local totals are built from them.
    items: v.items.map((it) => ({
      name: it.name,
      unit_price: optionalDecimal(it.unit_price),
      unit: it.unit,
      quantity: optionalDecimal(it.quantity),
      vat: optionalDecimal(it.vat),
      discount: optionalDecimal(it.discount),
      description: text(it.description),
      product_id: optionalDecimal(it.product_id),
      deposit: it.deposit ? 1 : undefined,
    })),
    retentions: v.retentions.length
      ? v.retentions.map((r) => ({
          name: r.name,
          amount: optionalDecimal(r.amount),
          due_date: r.due_date,
          note: text(r.note),
          type: optionalDecimal(r.type),
          vat: optionalDecimal(r.vat),
        }))
      : undefined,
    custom_fields: Object.keys(customFields).length ? customFields : undefined,
  };
}

export const linesFromSource = (v: Pick<InvoiceFormValues, 'order_id' | 'from_proforma_id'>) => v.order_id !== null || v.from_proforma_id !== null;

/** setInvoice's schema, with local ids of things made offline allowed (the outbox rewrites them). */
export const invoiceSchema = setInvoiceParamsLocal;

const LOCALE_OF_COUNTRY: Record<string, Locale> = { HU: 'hu_HU', DE: 'de_DE', AT: 'de_DE', PL: 'pl_PL', ES: 'es_ES' };

/** The document language a customer reads: by country, English elsewhere. */
export const customerLanguage = (c: ContactRow): Locale => LOCALE_OF_COUNTRY[c.countryCode] ?? 'en_US';

/** The customer's VAT type and language. The e-mail is NOT copied: sending must be a deliberate choice. */
export function customerDefaults(c: ContactRow): Pick<InvoiceFormValues, 'customer_vat_type' | 'language'> {
  return {
    customer_vat_type: c.customerVatType ?? (c.taxNumber || c.euVatNumber ? (c.countryCode === 'HU' ? 'DOMESTIC' : 'OTHER') : 'PRIVATE_PERSON'),
    language: customerLanguage(c),
  };
}

/** An invoice prefilled from an order: its customer, currency and lines; issuing it ships the order. */
export function invoiceFromOrder(o: OrderView, today: string): InvoiceFormValues {
  const h = o.header;
  const str = (k: string) => (typeof h[k] === 'string' || typeof h[k] === 'number' ? String(h[k]) : '');
  const base = emptyInvoice(today, (str('language') || '') as Locale | '');
  const currency = (['HUF', 'EUR', 'USD', 'GBP'] as const).find((c) => c === o.currency) ?? base.currency;
  return {
    ...base,
    method: (str('method') || base.method) as PaymentMethod,
    selected_account: str('selected_account'),
    contact_id: o.contactId,
    contact_name: o.contactName,
    currency,
    fx_rate: str('fx_rate'),
    issuer_swift: str('issuer_swift'),
    issuer_email: str('issuer_email'),
    issuer_phone: str('issuer_phone'),
    invoice_description: str('order_description'),
    // A local (negative) id is fine: the outbox sends the invoice after the order, with the server's id.
    order_id: o.serverId ?? o.id,
    items: o.lines.map((l) => ({
      name: l.name, unit_price: String(l.unitPrice), unit: l.unit, quantity: String(l.quantity), vat: String(l.vat),
      discount: l.discount ? String(l.discount) : '', description: l.description ?? '', product_id: String(l.productId), deposit: false,
    })),
  };
}

type InvoiceRecord = NonNullable<ResultOf<'invoices.get'>>['detail'];

/** A tax invoice from a proforma: its header and lines, issued today; the lines come from the proforma. */
export function invoiceFromProforma(rec: NonNullable<InvoiceRecord>, localId: number, today: string): InvoiceFormValues {
  const base = emptyInvoice(today, (LOCALES_SET.has(rec.language) ? rec.language : '') as Locale | '');
  const currency = (['HUF', 'EUR', 'USD', 'GBP'] as const).find((c) => c === rec.currency) ?? base.currency;
  const vatType = (['DOMESTIC', 'PRIVATE_PERSON', 'OTHER'] as const).find((c) => c === rec.customer_vat_type) ?? base.customer_vat_type;
  return {
    ...base,
    method: rec.method as PaymentMethod,
    selected_account: rec.selected_account,
    contact_id: rec.contact_id,
    contact_name: rec.contact_name,
    currency,
    fx_rate: rec.fx_rate === undefined ? '' : String(rec.fx_rate),
    customer_vat_type: vatType,
    invoice_description: rec.invoice_description ?? '',
    central_description: rec.central_description ?? '',
    issuer_swift: rec.issuer_swift ?? '',
    issuer_email: rec.issuer_email ?? '',
    issuer_phone: rec.issuer_phone ?? '',
    from_proforma_id: localId,
    items: rec.items.map((l) => ({
      name: l.name, unit_price: String(l.unit_price), unit: l.unit, quantity: String(l.quantity), vat: String(l.vat),
      discount: l.discount ? String(l.discount) : '', description: l.description ?? '', product_id: l.product_id === undefined ? '' : String(l.product_id), deposit: l.deposit === 1,
    })),
  };
}

const LOCALES_SET = new Set<string>(['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES']);
