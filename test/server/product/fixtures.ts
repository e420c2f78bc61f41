/** Small builders for the product-area tests: products, stock and orders through the real API. */
import type { Format } from '@shared/protocol';
import type { TestServer } from '../../helpers/server';

let seq = 0;

export async function product(s: TestServer, fields: Record<string, unknown> = {}, format: Format = 'json'): Promise<number> {
  seq++;
  const r = await s.ok('setProduct', { product_name: `Teszt termék ${seq}`, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000, ...fields }, { format });
  return r.id;
}

export async function stock(s: TestServer, productId: number, quantity: number, extra: Record<string, unknown> = {}) {
  return s.ok('setQuantity', { product_id: productId, quantity, contact_id: s.account.supplierContactId, warehouse: 'Default', ...extra });
}

export async function warehouse(s: TestServer, name: string): Promise<number> {
  return (await s.ok('setWarehouse', { name })).id;
}

export function orderParams(s: TestServer, items: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
  return {
    warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: '2026-11-22', selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', items, ...extra,
  };
}

export async function quantities(s: TestServer, productId: number, warehouseName = 'Default', label?: string) {
  const r = await s.ok('getQuantity', { product_id: productId, warehouse: warehouseName, ...(label ? { stock_label: label } : {}) });
  return r.quantities[0]!;
}
