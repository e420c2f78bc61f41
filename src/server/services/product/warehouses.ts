/** Warehouses: listing, creating (names unique per account, case-insensitively) and resolving names. */
import { conflict, invalid, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import {
  DEFAULT_WAREHOUSE, ensureDefaultWarehouse, findWarehouse, insertWarehouse, listWarehouses, warehouseKey, type Warehouse,
} from '../../repos/warehouses';
import { onHand, pending } from '../../repos/stock';
import { fromMilli, missing } from './common';

/**
 * A warehouse by name. `Default` always exists; an account created before this area gets it on
 * its first write (`create` is true only inside a commit).
 */
export function resolveWarehouse(ctx: RequestContext, name: string, field: string, create: boolean): Warehouse {
  const found = findWarehouse(ctx.db, ctx.accountId, name);
  if (found) return found;
  if (warehouseKey(name) === warehouseKey(DEFAULT_WAREHOUSE)) {
    if (create) return { id: ensureDefaultWarehouse(ctx.db, ctx.accountId, ctx.clock.now()), name: DEFAULT_WAREHOUSE };
    return { id: 0, name: DEFAULT_WAREHOUSE };
  }
  return missing('warehouse', field, name);
}

/**
 * Warehouse `*`: the first warehouse (in id order, so Default first) where every stocked item is
 * available; with order_all the Default warehouse back-orders what it lacks; otherwise CONFLICT.
 */
export function chooseWarehouse(ctx: RequestContext, demands: Map<number, number>, orderAll: boolean): Warehouse {
  const { db, accountId } = ctx;
  const all = listWarehouses(db, accountId);
  const serves = (w: Warehouse) => [...demands].every(([pid, qty]) => onHand(db, accountId, pid, w.id) - pending(db, accountId, pid, w.id) >= qty);
  const chosen = all.find(serves);
  if (chosen) return chosen;
  if (orderAll) return resolveWarehouse(ctx, DEFAULT_WAREHOUSE, 'warehouse', true);
  const short = [...demands].map(([pid, qty]) => `product ${pid} × ${fromMilli(qty)}`).join(', ');
  throw conflict(`No single warehouse can serve every item of this order (${short}). Name a warehouse, order less, or send order_all 1 to back-order.`, [
    { field: 'warehouse', message: 'no warehouse has every item available' },
  ], reason('no_warehouse_serves', {}));
}

export function getWarehouses(ctx: RequestContext): Result<'getWarehouses'> {
  return {
    warehouses: listWarehouses(ctx.db, ctx.accountId).map((w) => ({ id: w.id, name: w.name, postal_code: w.postalCode, city: w.city, street: w.street })),
  };
}

export function setWarehouse(ctx: RequestContext, p: Params<'setWarehouse'>): Result<'setWarehouse'> {
  return ctx.commit(() => {
    if (p.name === '*') throw invalid('"*" cannot name a warehouse: it means "every warehouse" in setOrder and getQuantity.', [{ field: 'name', message: 'is reserved' }]);
    const now = ctx.clock.now();
    ensureDefaultWarehouse(ctx.db, ctx.accountId, now);
    const clash = findWarehouse(ctx.db, ctx.accountId, p.name);
    if (clash) {
      throw conflict(`A warehouse named "${clash.name}" already exists (names are compared without regard to case).`, [{ field: 'name', message: 'is already used by another warehouse' }], reason('warehouse_name_taken', { name: clash.name }));
    }
    const id = insertWarehouse(ctx.db, ctx.accountId, { name: p.name, postalCode: p.postal_code, city: p.city, street: p.street }, now);
    return { id };
  });
}
