/**
 * Which fields are lists, and what their elements are called in XML. XML has no arrays: a list is
 * a container element with repeated children (`<items><item>`), so one table serves decoding
 * (children of a container become an array, even when there is only one) and encoding.
 */
export const LIST_CHILD: Readonly<Record<string, string>> = {
  items: 'item',
  tags: 'tag',
  products: 'product',
  product_ids: 'product_id',
  collective_product: 'component',
  retentions: 'retention',
  quantities: 'quantity',
  stock: 'entry',
  reserved: 'entry',
  warehouses: 'warehouse',
  invoices: 'invoice',
  invoice_ids: 'invoice_id',
  lines: 'line',
  receipts: 'receipt',
  purchase_orders: 'purchase_order',
  orders: 'order',
  serial_numbers: 'serial_number',
  customers: 'customer',
  currencies: 'currency',
  contacts: 'contact',
  bank_accounts: 'bank_account',
  payments: 'payment',
  attachments: 'attachment',
  vat_summary: 'rate',
  nav_submissions: 'submission',
  messages: 'message',
  opening: 'paragraph',
  closing: 'paragraph',
  totals_by_currency: 'total',
  notes: 'note',
  details: 'detail',
  capabilities: 'capability',
  movements: 'movement',
  receipt_ids: 'receipt_id',
  group_subtotals: 'subtotal',
  warehouse_subtotals: 'subtotal',
  group_totals: 'subtotal',
  rules: 'rule',
};

/** Checkbox and radio custom fields carry their values as repeated `node` children. */
export const NODE = 'node';

/**
 * The one record-valued field: name → value. Inside it a list is a checkbox/radio value written
 * as `node` children, whatever the custom field is called (a custom field may be named `notes`).
 */
export const CUSTOM_FIELDS = 'custom_fields';

/**
 * Names that never become keys of a decoded object, in either format: the first three reach
 * Object.prototype, the others shadow its methods (fast-xml-parser would silently rename them to
 * `__toString` and so on, so an XML body and its JSON twin would decode differently).
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  '__proto__', 'constructor', 'prototype',
  'hasOwnProperty', 'toString', 'valueOf', '__defineGetter__', '__defineSetter__', '__lookupGetter__', '__lookupSetter__',
]);

/**
 * `totals` is an object in orders and invoices but a list per currency in a reminder letter;
 * such names are lists only where the result schema says so, see `AMBIGUOUS_LISTS`.
 */
export const AMBIGUOUS_LISTS: Readonly<Record<string, string>> = { totals: 'total' };

export function listChild(key: string): string | undefined {
  return LIST_CHILD[key] ?? AMBIGUOUS_LISTS[key];
}
