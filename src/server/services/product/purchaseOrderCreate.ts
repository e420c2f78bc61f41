/**
 * Extension setPurchaseOrder: a purchase order a clerk writes (from the desk's low-stock list), to one
 * supplier for one warehouse, numbered in the same PO-year series as back-orders and shown by getPO and
 * getPOs like them; received with setPOTakeIn (docs/api-product.md, "Reorder").
 */
import { invalid, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { getContact } from '../../repos/contacts';
import { insertPurchaseOrder, nextProjectCode } from '../../repos/purchaseOrders';
import { lockPoNumbers, setPoPrices } from '../../repos/purchaseOrderPrices';
import { DEFAULT_WAREHOUSE } from '../../repos/warehouses';
import { decimal, missing, toMilli } from './common';
import { stockedProduct } from './reorder';
import { resolveWarehouse } from './warehouses';

export function setPurchaseOrder(ctx: RequestContext, p: Params<'setPurchaseOrder'>): Promise<Result<'setPurchaseOrder'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const now = ctx.clock.now();
    const supplier = (await getContact(db, accountId, p.contact_id)) ?? missing('contact', 'contact_id', p.contact_id);
    const warehouse = await resolveWarehouse(ctx, db, p.warehouse?.trim() || DEFAULT_WAREHOUSE, 'warehouse', true);
    const seen = new Map<number, number>();
    const lines = [];
    for (const [i, l] of p.lines.entries()) {
      const field = `lines[${i}].product_id`;
      await stockedProduct(ctx, db, l.product_id, field);
      const first = seen.get(l.product_id);
      if (first !== undefined) {
        throw invalid(`Lines ${first + 1} and ${i + 1} both order product ${l.product_id}; put its whole quantity on one line.`, [{ field, message: 'is on an earlier line already' }]);
      }
      seen.set(l.product_id, i);
      lines.push({
        productId: l.product_id, qtyMilli: toMilli(l.quantity, `lines[${i}].quantity`),
        price: l.price === undefined ? undefined : decimal(l.price, `lines[${i}].price`),
      });
    }
    const priced = lines.some((l) => l.price !== undefined);
    if (p.currency && !priced) {
      throw invalid('currency was given but no line has a price; send prices with it, or leave the currency out.', [{ field: 'currency', message: 'needs priced lines' }]);
    }
    await lockPoNumbers(db, accountId);
    const projectCode = await nextProjectCode(db, accountId, now.getUTCFullYear());
    const poId = await insertPurchaseOrder(db, accountId, { projectCode, supplierContactId: supplier.id, warehouseId: warehouse.id, lines }, now);
    if (priced) await setPoPrices(db, accountId, poId, p.currency ?? 'HUF', lines.map((l) => l.price));
    return { po_id: poId, project_code: projectCode, status: 'open', warehouse: warehouse.name, created_at: now.toISOString() };
  });
}
