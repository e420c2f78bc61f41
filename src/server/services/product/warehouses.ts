/** Warehouses: listing, creating (names unique per account, case-insensitively) and resolving names. */
import { conflict, invalid, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import {
  DEFAULT_WAREHOUSE, ensureDefaultWarehouse, findWarehouse, insertWarehouse, listWarehouses, warehouseKey, type Warehouse,
} from '../../repos/warehouses';
import { onHand, pending } from '../../repos/stock';
import { fromMilli, missing } from './common';

/**
 * A warehouse by name. `Default` always exists; an account created before this area gets it on
 * its first write (`create` is true only inside a commit).
 */
export async function resolveWarehouse(ctx: RequestContext, sql: Sql, name: string, field: string, create: boolean): Promise<Warehouse> {
  const found = await findWarehouse(sql, ctx.accountId, name);
  if (found) return found;
  if (warehouseKey(name) === warehouseKey(DEFAULT_WAREHOUSE)) {
    if (create) return { id: await ensureDefaultWarehouse(sql, ctx.accountId, ctx.clock.now()), name: DEFAULT_WAREHOUSE };
    return { id: 0, name: DEFAULT_WAREHOUSE };
  }
  return missing('warehouse', field, name);
}

/**
 * Warehouse `*`: the first warehouse (in id order, so Default first) where every stocked item is
 * available; with order_all the Default warehouse back-orders what it lacks; otherwise CONFLICT.
 */
export async function chooseWarehouse(ctx: RequestContext, db: Sql, demands: Map<number, number>, orderAll: boolean): Promise<Warehouse> {
  const { accountId } = ctx;
  const serves = async (w: Warehouse) => {
    for (const [pid, qty] of demands) if ((await onHand(db, accountId, pid, w.id)) - (await pending(db, accountId, pid, w.id)) < qty) return false;
    return true;
  };
  for (const w of await listWarehouses(db, accountId)) if (await serves(w)) return w;
  if (orderAll) return resolveWarehouse(ctx, db, DEFAULT_WAREHOUSE, 'warehouse', true);
  const short = [...demands].map(([pid, qty]) => `product ${pid} × ${fromMilli(qty)}`).join(', ');
  throw conflict(`No single warehouse can serve every item of this order (${short}). Name a warehouse, order less, or send order_all 1 to back-order.`, [
    { field: 'warehouse', message: 'no warehouse has every item available' },
  ], reason('no_warehouse_serves', {}));
}

export async function getWarehouses(ctx: RequestContext): Promise<Result<'getWarehouses'>> {
  return {
    warehouses: (await listWarehouses(ctx.db, ctx.accountId)).map((w) => ({ id: w.id, name: w.name, postal_code: w.postalCode, city: w.city, street: w.street })),
  };
}

export function setWarehouse(ctx: RequestContext, p: Params<'setWarehouse'>): Promise<Result<'setWarehouse'>> {
  return ctx.commit(async (tx) => {
    if (p.name === '*') throw invalid('"*" cannot name a warehouse: it means "every warehouse" in setOrder and getQuantity.', [{ field: 'name', message: 'is reserved' }]);
    const now = ctx.clock.now();
    await ensureDefaultWarehouse(tx, ctx.accountId, now);
    const clash = await findWarehouse(tx, ctx.accountId, p.name);
    if (clash) {
      throw conflict(`A warehouse named "${clash.name}" already exists (names are compared without regard to case).`, [{ field: 'name', message: 'is already used by another warehouse' }], reason('warehouse_name_taken', { name: clash.name }));
    }
    const id = await insertWarehouse(tx, ctx.accountId, { name: p.name, postalCode: p.postal_code, city: p.city, street: p.street }, now);
    return { id };
  });
}
