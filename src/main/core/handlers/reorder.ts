/**
 * Reorder (issue 18): the low-stock list from the mirror, rule edits and purchase orders through the
 * outbox, exactly once like every other command.
 */
import type { Capability } from '@shared/protocol';
import { getContact } from '../mirror/contacts';
import { lowStock, postedCode, ruleCount, rulesOf } from '../mirror/reorder';
import { currentId, getKv } from '../mirror/settings';
import { submit } from '../outbox/service';
import type { CoreContext, Handlers } from './context';
import { ipcError } from './context';
import { canonicalWarehouse, stockProduct } from './stock';

/** Known to have it, known to lack it, or unknown (the server was not reached since the desk started). */
function feature(ctx: CoreContext, cap: Capability): boolean | null {
  const caps = ctx.engine.capabilities();
  return caps.size === 0 ? null : caps.has(cap);
}

function requireFeature(ctx: CoreContext, cap: 'setReorderRule' | 'setPurchaseOrder'): void {
  if (feature(ctx, cap) === false) throw ipcError('CONFLICT', `The server does not support this (extension ${cap}); update the server.`);
}

/** A product the server knows: a rule or an order line for one made offline waits until it is synced. */
function serverProduct(ctx: CoreContext, given: number, field: string) {
  const row = stockProduct(ctx, given, field);
  if (row.id < 0) throw ipcError('VALIDATION_ERROR', `${row.name} is not on the server yet; wait until it is synced.`, [{ field, message: 'is not synced yet' }]);
  return row;
}

let poSeq = 0;

export const reorderHandlers: Handlers<'reorder.lowStock' | 'reorder.rules' | 'reorder.setRule' | 'reorder.createPo' | 'reorder.posted'> = {
  'reorder.lowStock': (ctx) => {
    const rules = feature(ctx, 'getReorderRules');
    const po = feature(ctx, 'setPurchaseOrder');
    return {
      supported: rules === false || po === false ? false : rules,
      rules: ruleCount(ctx.db),
      fetchedAt: getKv<string | null>(ctx.db, 'sync_state', 'reorderRulesAt', null),
      rows: lowStock(ctx.db),
    };
  },
  'reorder.rules': (ctx, req) => rulesOf(ctx.db, currentId(ctx.db, 'product', req.productId)),
  'reorder.setRule': (ctx, req) => {
    requireFeature(ctx, 'setReorderRule');
    const row = serverProduct(ctx, req.productId, 'productId');
    const warehouse = req.warehouse.trim() ? canonicalWarehouse(ctx, req.warehouse) : '';
    const entryId = submit(ctx.outbox, {
      method: 'setReorderRule', queueKey: `reorder:${row.id}:${warehouse.toLowerCase()}`,
      summary: req.remove
        ? `Remove the reorder rule of ${row.name}${warehouse ? ` in ${warehouse}` : ''}`
        : `Reorder rule of ${row.name}${warehouse ? ` in ${warehouse}` : ''}: minimum ${req.min}, reorder ${req.reorder}`,
      summaryData: { kind: 'reorderRule', args: { product: row.name, warehouse, min: req.min, reorder: req.reorder, remove: req.remove } },
      params: {
        product_id: row.id, ...(warehouse ? { warehouse } : {}), min_quantity: req.min, reorder_quantity: req.reorder,
        ...(req.supplierId !== null ? { supplier_contact_id: req.supplierId } : {}), ...(req.remove ? { remove: 1 } : {}),
      },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
  'reorder.createPo': (ctx, req) => {
    requireFeature(ctx, 'setPurchaseOrder');
    const supplier = getContact(ctx.db, req.contactId);
    if (!supplier) throw ipcError('NOT_FOUND', `Contact ${req.contactId} is not in the local data.`, [{ field: 'contactId', message: 'is not in the local data' }]);
    const warehouse = canonicalWarehouse(ctx, req.warehouse);
    const seen = new Set<number>();
    const lines = req.lines.map((l, i) => {
      const row = serverProduct(ctx, l.productId, `lines[${i}].productId`);
      if (seen.has(row.id)) throw ipcError('VALIDATION_ERROR', `${row.name} is on two lines; order it on one.`, [{ field: `lines[${i}].productId`, message: 'is on an earlier line' }]);
      seen.add(row.id);
      return { product_id: row.id, quantity: l.quantity };
    });
    const entryId = submit(ctx.outbox, {
      // Each new order its own queue: one refused order holds up no other.
      method: 'setPurchaseOrder', queueKey: `po:new:${ctx.clock.now().getTime()}:${++poSeq}`,
      summary: `Purchase order to ${supplier.name} for ${warehouse}: ${lines.length} line(s)`,
      summaryData: { kind: 'purchaseOrder', args: { supplier: supplier.name, warehouse, lines: lines.length } },
      params: { contact_id: supplier.id, warehouse, lines },
    });
    ctx.changed(['quantities', 'outbox']);
    return { entryId };
  },
  'reorder.posted': (ctx, req) => req.entryIds.map((entryId) => ({ entryId, projectCode: postedCode(ctx.db, entryId) })),
};
