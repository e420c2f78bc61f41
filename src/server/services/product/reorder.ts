/**
 * Extensions setReorderRule and getReorderRules: a product's minimum level and reorder quantity, in one
 * warehouse or over all of them, with what open purchase orders still bring (docs/api-product.md, "Reorder").
 */
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { contactExists } from '../../repos/contacts';
import { getProductHead } from '../../repos/products';
import { deleteRule, getRule, listRules, upsertRule, type ReorderRuleRow } from '../../repos/reorderRules';
import { fromMilli, missing, toMilli } from './common';
import { resolveWarehouse } from './warehouses';

const RULES_PAGE = 1000;

export function ruleOut(r: ReorderRuleRow): Result<'getReorderRules'>['rules'][number] {
  return {
    rule_id: r.id, product_id: r.productId, ...(r.warehouseName !== null ? { warehouse: r.warehouseName } : {}),
    min_quantity: fromMilli(r.minMilli), reorder_quantity: fromMilli(r.reorderMilli),
    ...(r.supplierContactId !== null ? { supplier: { contact_id: r.supplierContactId, name: r.supplierName ?? '' } } : {}),
    incoming: fromMilli(r.incomingMilli), updated_at: r.updatedAt,
  };
}

/** A product of the account that carries stock (a service has no level to watch or to order up to). */
export async function stockedProduct(ctx: RequestContext, db: Sql, productId: number, field: string) {
  const product = (await getProductHead(db, ctx.accountId, productId)) ?? missing('product', field, productId);
  if (product.service === 1) {
    throw conflict(`Product ${product.id} (${product.name}) is a service and carries no stock to reorder.`, [
      { field, message: 'a service has no stock' },
    ], reason('service_has_no_stock', { product_id: product.id }));
  }
  return product;
}

export function setReorderRule(ctx: RequestContext, p: Params<'setReorderRule'>): Promise<Result<'setReorderRule'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    await stockedProduct(ctx, db, p.product_id, 'product_id');
    const warehouseId = p.warehouse?.trim() ? (await resolveWarehouse(ctx, db, p.warehouse, 'warehouse', true)).id : null;
    if (p.remove === 1) {
      const removed = await deleteRule(db, accountId, p.product_id, warehouseId);
      return { rule_id: 0, removed: removed ? 1 : 0 };
    }
    if (p.supplier_contact_id !== undefined && !(await contactExists(db, accountId, p.supplier_contact_id))) {
      missing('contact', 'supplier_contact_id', p.supplier_contact_id);
    }
    const id = await upsertRule(db, accountId, {
      productId: p.product_id, warehouseId, minMilli: toMilli(p.min_quantity, 'min_quantity'), reorderMilli: toMilli(p.reorder_quantity, 'reorder_quantity'),
      supplierContactId: p.supplier_contact_id ?? null,
    }, ctx.clock.now());
    return { rule_id: id, removed: 0, rule: ruleOut((await getRule(db, accountId, id))!) };
  });
}

/** The account's rules (of one product if asked), 1,000 per page in id order. */
export async function getReorderRules(ctx: RequestContext, p: Params<'getReorderRules'>): Promise<Result<'getReorderRules'>> {
  const serverTime = ctx.clock.now().toISOString();
  const rows = await listRules(ctx.db, ctx.accountId, { productId: p.product_id, afterId: p.after_id ?? 0, limit: RULES_PAGE + 1 });
  const page = rows.slice(0, RULES_PAGE);
  return { rules: page.map(ruleOut), last_id: page.at(-1)?.id ?? p.after_id ?? 0, more: rows.length > RULES_PAGE ? 1 : 0, server_time: serverTime };
}
