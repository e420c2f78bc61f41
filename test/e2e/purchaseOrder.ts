/** Purchase orders made at the server for the receiving tests, and what the desk must know of them. */
import { eventually, type Desk } from './helpers';

/** A purchase order back-ordered by an order the stock cannot cover; the desk learns the products by a sync. */
export async function purchaseOrder(desk: Desk, lines: Array<{ code: string; name: string; qty: number }>) {
  const s = desk.srv.server;
  const ids: number[] = [];
  for (const l of lines) ids.push((await s.ok('setProduct', { product_name: l.name, item_number: l.code, currency: 'HUF', vat: 27, unit: 'db', list_price: 1000 })).id);
  const order = await s.ok('setOrder', {
    warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', issued_date: new Date().toISOString().slice(0, 10), selected_account: s.account.bankAccount,
    contact_id: s.account.customerContactId, currency: 'HUF', finalize_order: 1, order_all: 1, items: lines.map((l, i) => ({ product_id: ids[i]!, quantity: l.qty })),
  });
  await desk.stack.invoke('sync.now', {}).catch(() => undefined);
  await eventually(async () => (await desk.stack.invoke('products.lookup', { code: lines.at(-1)!.code })) !== null, { what: 'the new products in the mirror' });
  return { ids, po: order.purchase_order!.po_id, code: order.purchase_order!.project_code };
}
