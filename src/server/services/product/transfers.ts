/**
 * Extension setTransfer: stock moved between warehouses or bins as one document. Both sides are
 * written in the request's one transaction, so the stock is never counted twice or lost; a line
 * whose source lacks the stock refuses the whole transfer (docs/api-product.md).
 */
import { conflict, invalid, reason, type ErrorDetail, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { getProductHead, type ProductHead } from '../../repos/products';
import { addMove, lockStock, onHand } from '../../repos/stock';
import { insertTransfer, insertTransferReceipt } from '../../repos/transfers';
import type { Warehouse } from '../../repos/warehouses';
import { fromMilli, missing, toMilli } from './common';
import { businessDate } from '../finance/calendar';
import { resolveWarehouse } from './warehouses';

interface Line {
  product: ProductHead;
  qtyMilli: number;
  from: Warehouse;
  fromLabel: string;
  to: Warehouse;
  toLabel: string;
}

const place = (w: Warehouse, label: string) => `${w.name}${label ? ` (bin ${label})` : ''}`;
const placeKey = (productId: number, warehouseId: number, label: string) => `${productId}\u0000${warehouseId}\u0000${label}`;

/** Each line's product and places, checked in line order before anything is read for stock. */
async function resolveLines(ctx: RequestContext, db: Sql, p: Params<'setTransfer'>): Promise<Line[]> {
  const lines: Line[] = [];
  for (const [i, l] of p.lines.entries()) {
    const product = (await getProductHead(db, ctx.accountId, l.product_id)) ?? missing('product', `lines[${i}].product_id`, l.product_id);
    if (product.service === 1) {
      throw conflict(`Line ${i + 1}: product ${product.id} (${product.name}) is a service and carries no stock to move.`, [
        { field: `lines[${i}].product_id`, message: 'a service has no stock' },
      ], reason('service_has_no_stock', { product_id: product.id }));
    }
    const from = await resolveWarehouse(ctx, db, l.from_warehouse, `lines[${i}].from_warehouse`, true);
    const to = await resolveWarehouse(ctx, db, l.to_warehouse, `lines[${i}].to_warehouse`, true);
    const line = { product, qtyMilli: toMilli(l.quantity, `lines[${i}].quantity`), from, fromLabel: l.from_stock_label ?? '', to, toLabel: l.to_stock_label ?? '' };
    if (from.id === to.id && line.fromLabel === line.toLabel) {
      throw invalid(`Line ${i + 1} moves product ${product.id} from ${place(from, line.fromLabel)} to the same place; name another warehouse or bin to move it to.`, [
        { field: `lines[${i}].to_warehouse`, message: 'is the same place as the source' },
      ]);
    }
    lines.push(line);
  }
  return lines;
}

/** Refuses the whole transfer, naming every line whose source (with the document's other lines out of it) lacks the stock. */
async function checkSources(ctx: RequestContext, db: Sql, lines: Line[]): Promise<void> {
  const demand = new Map<string, number>();
  for (const l of lines) {
    const k = placeKey(l.product.id, l.from.id, l.fromLabel);
    demand.set(k, (demand.get(k) ?? 0) + l.qtyMilli);
  }
  const have = new Map<string, number>();
  const short: Array<{ i: number; l: Line; available: number; requested: number }> = [];
  for (const [i, l] of lines.entries()) {
    const k = placeKey(l.product.id, l.from.id, l.fromLabel);
    if (!have.has(k)) have.set(k, await onHand(db, ctx.accountId, l.product.id, l.from.id, l.fromLabel));
    if (have.get(k)! < demand.get(k)!) short.push({ i, l, available: Math.max(0, have.get(k)!), requested: demand.get(k)! });
  }
  if (short.length === 0) return;
  const details: ErrorDetail[] = short.map(({ i, l, available }) => ({ field: `lines[${i}].quantity`, message: `only ${fromMilli(available)} in ${place(l.from, l.fromLabel)}` }));
  const first = short[0]!;
  const what = short.map(({ i, l, available, requested }) =>
    `line ${i + 1}: ${fromMilli(requested)} of product ${l.product.id} (${l.product.name}) out of ${place(l.from, l.fromLabel)}, where only ${fromMilli(available)} is on hand`).join('; ');
  throw conflict(`The transfer was refused and nothing was moved: ${what}. Move less, or take the stock from another place.`, details, reason('insufficient_stock', {
    product_id: first.l.product.id, product_name: first.l.product.name, warehouse: first.l.from.name, stock_label: first.l.fromLabel || undefined,
    requested: fromMilli(first.requested), available: fromMilli(first.available), line: first.i + 1,
  }));
}

export function setTransfer(ctx: RequestContext, p: Params<'setTransfer'>): Promise<Result<'setTransfer'>> {
  return ctx.commit(async (db) => {
    const { accountId } = ctx;
    const lines = await resolveLines(ctx, db, p);
    // Two transfers (or a transfer and a wasting) out of one bin never both pass the check on one level.
    await lockStock(db, accountId, lines.map((l) => l.product.id));
    await checkSources(ctx, db, lines);
    const now = ctx.clock.now();
    const date = p.date ?? businessDate(now, ctx.timeZone);
    const transferId = await insertTransfer(db, accountId, date, now);
    const out = await insertTransferReceipt(db, accountId, transferId, 'out', lines[0]!.from.id, date, now);
    const into = await insertTransferReceipt(db, accountId, transferId, 'in', lines[0]!.to.id, date, now);
    const touched = new Map<string, { productId: number; warehouse: Warehouse; label: string }>();
    for (const l of lines) {
      await addMove(db, accountId, out, { productId: l.product.id, warehouseId: l.from.id, label: l.fromLabel, qtyMilli: -l.qtyMilli });
      await addMove(db, accountId, into, { productId: l.product.id, warehouseId: l.to.id, label: l.toLabel, qtyMilli: l.qtyMilli });
      touched.set(placeKey(l.product.id, l.from.id, l.fromLabel), { productId: l.product.id, warehouse: l.from, label: l.fromLabel });
      touched.set(placeKey(l.product.id, l.to.id, l.toLabel), { productId: l.product.id, warehouse: l.to, label: l.toLabel });
    }
    const stock: Result<'setTransfer'>['stock'] = [];
    for (const t of touched.values()) {
      stock.push({ product_id: t.productId, warehouse: t.warehouse.name, stock_label: t.label, deliverable: fromMilli(await onHand(db, accountId, t.productId, t.warehouse.id, t.label)) });
    }
    return { transfer_id: transferId, date, stock };
  });
}
