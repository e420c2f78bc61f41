/**
 * Open purchase orders kept for receiving offline (issue 18): the server's getPOs rows with their
 * lines, stored in the mirror's purchase_orders table (the record is a getPO answer; receipts may be
 * empty), and what this desk's outbox still holds against each order.
 */
import type { Params, Result } from '@shared/protocol';
import type { ReceivingOrder } from '@shared/ipc/receiving';
import { stmt, type Db } from './db';
import { purchaseOrder, savePurchaseOrder } from './dues';

type Po = Result<'getPO'>;
type ListedPo = Result<'getPOs'>['purchase_orders'][number];

const milli = (n: number) => Math.round(n * 1000);

/** Replaces the kept open orders with the server's list: an order closed elsewhere leaves the list. */
export function keepOpenOrders(db: Db, rows: ListedPo[], now: Date): void {
  db.transaction(() => {
    const ids = new Set(rows.map((r) => r.po_id));
    for (const r of stmt(db, 'SELECT id, record FROM purchase_orders').all() as Array<{ id: number; record: string }>) {
      if (!ids.has(r.id) && (JSON.parse(r.record) as Po).status === 'open') stmt(db, 'DELETE FROM purchase_orders WHERE id = ?').run(r.id);
    }
    for (const r of rows) {
      const { outstanding: _outstanding, lines, ...head } = r;
      savePurchaseOrder(db, { ...head, lines: lines ?? [], receipts: purchaseOrder(db, r.po_id)?.receipts ?? [] }, now);
    }
  })();
}

/** When the kept list was read from the server (the newest fetch), or null. */
export function openOrdersFetchedAt(db: Db): string | null {
  return (stmt(db, 'SELECT max(fetched_at) AS at FROM purchase_orders').get() as { at: string | null }).at;
}

/** The server's answer to a receipt: the order's lines and status as they now are. */
export function foldReceiptAnswer(db: Db, r: Result<'setPOTakeIn'>, now: Date): void {
  const po = purchaseOrder(db, r.po_id);
  if (!po) return;
  savePurchaseOrder(db, { ...po, status: r.status, ...(r.receiving_status ? { receiving_status: r.receiving_status } : {}), lines: r.lines ?? po.lines, receipts: r.receipts }, now);
}

/** Quantities per product that this desk's unconfirmed receipts of the order take (whole-order ones: every remaining line). */
function pendingOf(db: Db, po: Po): Map<number, number> {
  const out = new Map<number, number>();
  const rows = stmt(db, "SELECT params FROM outbox WHERE method = 'setPOTakeIn' AND queue_key = ? AND state IN ('queued', 'in_flight', 'retry_wait')").all(`po:${po.po_id}`) as Array<{ params: string }>;
  for (const r of rows) {
    const p = JSON.parse(r.params) as Params<'setPOTakeIn'>;
    if (p.items) for (const it of p.items) out.set(it.product_id, (out.get(it.product_id) ?? 0) + milli(it.quantity));
    else if (p.close !== 1) for (const l of po.lines) out.set(l.product_id, (out.get(l.product_id) ?? 0) + Math.max(0, milli(l.quantity) - milli(l.received_quantity)));
  }
  return out;
}

/** An order as the receiving screen shows it: per line expected, received, pending and remaining. */
export function receivingOrder(db: Db, po: Po): ReceivingOrder {
  const pending = pendingOf(db, po);
  const lines = po.lines.map((l) => {
    // Spread a product's pending over its lines first line first, as the server does.
    const open = Math.max(0, milli(l.quantity) - milli(l.received_quantity));
    const mine = Math.min(open, pending.get(l.product_id) ?? 0);
    pending.set(l.product_id, (pending.get(l.product_id) ?? 0) - mine);
    return { productId: l.product_id, productName: l.product_name, expected: l.quantity, received: l.received_quantity, pending: mine / 1000, remaining: (open - mine) / 1000 };
  });
  return {
    poId: po.po_id, projectCode: po.project_code, receivingStatus: po.receiving_status ?? (po.lines.some((l) => l.received_quantity > 0) ? 'partially_received' : 'open'),
    supplier: po.supplier.name, warehouse: po.warehouse, createdAt: po.created_at, lines,
  };
}

/** The kept orders still open on the server, newest first, as the server answered them. */
function keptOpen(db: Db): Po[] {
  const rows = stmt(db, 'SELECT record FROM purchase_orders ORDER BY id DESC').all() as Array<{ record: string }>;
  return rows.map((r) => JSON.parse(r.record) as Po).filter((po) => po.status === 'open');
}

/** The kept orders still open on the server, newest first. */
export function openOrders(db: Db): ReceivingOrder[] {
  return keptOpen(db).map((po) => receivingOrder(db, po));
}

/** The kept order of a project code with its lines, and when it was read (the goods receipt offline). */
export function keptOrder(db: Db, projectCode: string): { po: Po; fetchedAt: string } | null {
  const r = stmt(db, 'SELECT record, fetched_at FROM purchase_orders WHERE project_code = ? ORDER BY fetched_at DESC LIMIT 1').get(projectCode) as { record: string; fetched_at: string } | undefined;
  if (!r) return null;
  const po = JSON.parse(r.record) as Po;
  // Kept from a server without the lines extension, an order has no lines: nothing to show or receive.
  return po.lines.length > 0 ? { po, fetchedAt: r.fetched_at } : null;
}

/** The kept open orders as getPOs lists them (outstanding from their lines), newest first. */
export function keptOpenList(db: Db): ListedPo[] {
  return keptOpen(db).filter((po) => po.lines.length > 0).map(({ receipts: _receipts, ...po }) => ({
    ...po, outstanding: po.lines.reduce((sum, l) => sum + Math.max(0, milli(l.quantity) - milli(l.received_quantity)), 0) / 1000,
  }));
}
