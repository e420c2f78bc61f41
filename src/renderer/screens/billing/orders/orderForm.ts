/**
 * The order entry form: what the clerk types (text, as typed) and how it becomes setOrder's
 * parameters. The shared setOrder schema is the one judge of validity, here and on the server;
 * form field names are the parameter names so its error paths land on the right inputs.
 */
import { setOrderParamsLocal } from '@shared/ipc/localIds';
import type { Locale, PaymentMethod } from '@shared/protocol/fields';
import type { OrderView, ProductRow } from '@shared/ipc';
import { optionalDecimal } from '@renderer/lib/decimal';
import type { LineText } from '@renderer/lib/lineMath';

export const SHIPPING_AIMS = ['Sale', 'Allocation', 'Overstore'] as const;
export type ShippingAim = (typeof SHIPPING_AIMS)[number];
export type FinalizeMode = 0 | 1 | 2;

export interface OrderLineValues {
  product_id: number;
  /** Shown, not sent: the server takes them from the product. */
  name: string;
  vat: string;
  list_price: string;
  product_currency: string;
  unit: string;
  quantity: string;
  /** Empty: the product's list price. */
  custom_price: string;
  discount: string;
  description: string;
}

export interface CustomFieldRow {
  name: string;
  value: string;
}

export interface OrderFormValues {
  contact_id: number | null;
  contact_name: string;
  warehouse: string;
  shipping_aim: ShippingAim;
  method: PaymentMethod;
  issued_date: string;
  selected_account: string;
  currency: string;
  fx_rate: string;
  language: Locale | '';
  order_description: string;
  issuer_swift: string;
  issuer_email: string;
  issuer_phone: string;
  order_all: boolean;
  task_id: string;
  items: OrderLineValues[];
  custom_fields: CustomFieldRow[];
}

export function emptyOrder(today: string, language: Locale | '' = ''): OrderFormValues {
  return {
    contact_id: null, contact_name: '', warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: today,
    selected_account: '', currency: 'HUF', fx_rate: '', language, order_description: '', issuer_swift: '', issuer_email: '',
    issuer_phone: '', order_all: false, task_id: '', items: [], custom_fields: [],
  };
}

export function lineFromProduct(p: ProductRow, quantity = '1'): OrderLineValues {
  return {
    product_id: p.id, name: p.name, vat: String(p.vat), list_price: p.listPrice === null ? '' : String(p.listPrice),
    product_currency: p.currency, unit: p.unit, quantity, custom_price: '', discount: '', description: '',
  };
}

/** The price a line is computed with: the typed one, else the list price when it is in the order's currency. */
export function effectivePrice(line: OrderLineValues, currency: string): string {
  if (line.custom_price.trim() !== '') return line.custom_price;
  return line.product_currency === currency ? line.list_price : '';
}

export const orderLineText = (currency: string) => (line: OrderLineValues): LineText => ({
  quantity: line.quantity,
  unitPrice: effectivePrice(line, currency),
  discount: line.discount,
  vatRate: line.vat,
});

const text = (s: string) => (s.trim() === '' ? undefined : s.trim());

/** setOrder parameters as the form stands; `undefined` drops a field the clerk left empty. */
export function toOrderParams(v: OrderFormValues, finalize: FinalizeMode): Record<string, unknown> {
  const customFields = Object.fromEntries(v.custom_fields.filter((f) => f.name.trim() !== '').map((f) => [f.name.trim(), f.value]));
  return {
    warehouse: v.warehouse.trim(),
    shipping_aim: v.shipping_aim,
    method: v.method,
    issued_date: v.issued_date,
    selected_account: v.selected_account.trim(),
    contact_id: v.contact_id ?? undefined,
    currency: v.currency,
    fx_rate: v.currency === 'HUF' ? undefined : optionalDecimal(v.fx_rate),
    language: v.language || undefined,
    order_description: text(v.order_description),
    issuer_swift: text(v.issuer_swift),
    issuer_email: text(v.issuer_email),
    issuer_phone: text(v.issuer_phone),
    finalize_order: finalize,
    order_all: v.order_all ? 1 : 0,
    task_id: optionalDecimal(v.task_id),
    items: v.items.map((l) => ({
      product_id: l.product_id,
      quantity: optionalDecimal(l.quantity),
      unit: text(l.unit),
      custom_price: optionalDecimal(l.custom_price),
      discount: optionalDecimal(l.discount),
      description: text(l.description),
    })),
    custom_fields: Object.keys(customFields).length ? customFields : undefined,
  };
}

/** setOrder's schema, with local product ids allowed (the outbox rewrites them). */
export const orderSchema = setOrderParamsLocal;

/** An existing order (open, for editing) back into the form. */
export function orderToForm(o: OrderView): OrderFormValues {
  const h = o.header;
  const str = (k: string) => (typeof h[k] === 'string' || typeof h[k] === 'number' ? String(h[k]) : '');
  const cf = h.custom_fields && typeof h.custom_fields === 'object' ? (h.custom_fields as Record<string, unknown>) : {};
  return {
    contact_id: o.contactId, contact_name: o.contactName, warehouse: o.warehouse, shipping_aim: (str('shipping_aim') || 'Sale') as ShippingAim,
    method: (str('method') || 'transfer') as PaymentMethod, issued_date: o.issuedDate, selected_account: str('selected_account'),
    currency: o.currency, fx_rate: str('fx_rate'), language: (str('language') || '') as Locale | '', order_description: str('order_description'),
    issuer_swift: str('issuer_swift'), issuer_email: str('issuer_email'), issuer_phone: str('issuer_phone'), order_all: str('order_all') === '1',
    task_id: str('task_id'),
    // A line without its own price was priced from the list, in the order's currency.
    items: o.lines.map((l) => ({
      product_id: l.productId, name: l.name, vat: String(l.vat), list_price: l.customPrice == null ? String(l.unitPrice) : '',
      product_currency: o.currency, unit: l.unit, quantity: String(l.quantity),
      custom_price: l.customPrice == null ? '' : String(l.customPrice), discount: l.discount ? String(l.discount) : '', description: l.description ?? '',
    })),
    custom_fields: Object.entries(cf).map(([name, value]) => ({ name, value: Array.isArray(value) ? value.join(', ') : String(value) })),
  };
}
