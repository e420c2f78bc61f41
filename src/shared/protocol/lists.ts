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
  serial_numbers: 'serial_number',
  customers: 'customer',
  currencies: 'currency',
  contacts: 'contact',
  payments: 'payment',
  attachments: 'attachment',
  vat_summary: 'rate',
  nav_submissions: 'submission',
  opening: 'paragraph',
  closing: 'paragraph',
  totals_by_currency: 'total',
  notes: 'note',
  details: 'detail',
  capabilities: 'capability',
};

/** Checkbox and radio custom fields carry their values as repeated `node` children. */
export const NODE = 'node';

/**
 * `totals` is an object in orders and invoices but a list per currency in a reminder letter;
 * such names are lists only where the result schema says so, see `AMBIGUOUS_LISTS`.
 */
export const AMBIGUOUS_LISTS: Readonly<Record<string, string>> = { totals: 'total' };

export function listChild(key: string): string | undefined {
  return LIST_CHILD[key] ?? AMBIGUOUS_LISTS[key];
}
