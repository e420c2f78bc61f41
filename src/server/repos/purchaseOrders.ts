/** Purchase orders (back-orders to suppliers) and their lines, identified by a per-account project code. */
import type { Db } from '../db/types';
import { stmt } from './statements';

export type PoStatus = 'open' | 'received';

export interface PurchaseOrder {
  id: number;
  projectCode: string;
  status: PoStatus;
  supplierContactId: number;
  warehouseId: number;
  orderId?: number;
  createdAt: string;
  receivedAt?: string;
}

export interface PoLine {
  productId: number;
  qtyMilli: number;
  receivedMilli: number;
}

interface Row {
  id: number; project_code: string; status: PoStatus; supplier_contact_id: number; warehouse_id: number;
  order_id: number | null; created_at: string; received_at: string | null;
}
const toPo = (r: Row): PurchaseOrder => ({
  id: r.id, projectCode: r.project_code, status: r.status, supplierContactId: r.supplier_contact_id, warehouseId: r.warehouse_id,
  orderId: r.order_id ?? undefined, createdAt: r.created_at, receivedAt: r.received_at ?? undefined,
});

/** The next code of the year's series, PO-2026-000001, PO-2026-000002, … (unique per account). */
export function nextProjectCode(db: Db, accountId: number, year: number): string {
  const prefix = `PO-${year}-`;
  const r = stmt(db, `SELECT MAX(CAST(substr(project_code, ?) AS INTEGER)) AS n FROM purchase_orders WHERE account_id = ? AND project_code LIKE ? || '%'`)
    .get(prefix.length + 1, accountId, prefix) as { n: number | null };
  return `${prefix}${String((r.n ?? 0) + 1).padStart(6, '0')}`;
}

export function insertPurchaseOrder(
  db: Db, accountId: number, po: { projectCode: string; supplierContactId: number; warehouseId: number; orderId?: number; lines: Array<{ productId: number; qtyMilli: number }> }, now: Date,
): number {
  const r = stmt(db, `INSERT INTO purchase_orders (account_id, project_code, status, supplier_contact_id, warehouse_id, order_id, created_at)
      VALUES (?, ?, 'open', ?, ?, ?, ?)`).run(accountId, po.projectCode, po.supplierContactId, po.warehouseId, po.orderId ?? null, now.toISOString());
  const id = Number(r.lastInsertRowid);
  const ins = stmt(db, 'INSERT INTO purchase_order_lines (po_id, position, account_id, product_id, qty_milli) VALUES (?, ?, ?, ?, ?)');
  po.lines.forEach((l, i) => ins.run(id, i, accountId, l.productId, l.qtyMilli));
  return id;
}

export function getPurchaseOrder(db: Db, accountId: number, id: number): PurchaseOrder | undefined {
  const r = stmt(db, 'SELECT * FROM purchase_orders WHERE account_id = ? AND id = ?').get(accountId, id) as Row | undefined;
  return r && toPo(r);
}

export function findPurchaseOrderByCode(db: Db, accountId: number, code: string): PurchaseOrder | undefined {
  const r = stmt(db, 'SELECT * FROM purchase_orders WHERE account_id = ? AND project_code = ?').get(accountId, code) as Row | undefined;
  return r && toPo(r);
}

export function purchaseOrdersOfOrder(db: Db, accountId: number, orderId: number): PurchaseOrder[] {
  return (stmt(db, 'SELECT * FROM purchase_orders WHERE account_id = ? AND order_id = ? ORDER BY id').all(accountId, orderId) as Row[]).map(toPo);
}

export function poLines(db: Db, accountId: number, poId: number): PoLine[] {
  return stmt(db, 'SELECT product_id AS productId, qty_milli AS qtyMilli, received_milli AS receivedMilli FROM purchase_order_lines WHERE account_id = ? AND po_id = ? ORDER BY position')
    .all(accountId, poId) as PoLine[];
}

/** Marks every line fully received and the PO received; false if it was not open (a concurrent receipt). */
export function markReceived(db: Db, accountId: number, poId: number, now: Date): boolean {
  const r = stmt(db, "UPDATE purchase_orders SET status = 'received', received_at = ? WHERE account_id = ? AND id = ? AND status = 'open'").run(now.toISOString(), accountId, poId);
  if (r.changes === 0) return false;
  stmt(db, 'UPDATE purchase_order_lines SET received_milli = qty_milli WHERE account_id = ? AND po_id = ?').run(accountId, poId);
  return true;
}

export function poReceipts(db: Db, accountId: number, poId: number): Array<{ receipt_id: number; product_id: number; qty_milli: number; date: string }> {
  return stmt(db, `SELECT r.id AS receipt_id, m.product_id, m.qty_milli, r.date FROM stock_receipts r JOIN stock_moves m ON m.receipt_id = r.id
      WHERE r.account_id = ? AND r.po_id = ? ORDER BY m.receipt_id, m.line`).all(accountId, poId) as Array<{ receipt_id: number; product_id: number; qty_milli: number; date: string }>;
}

/** The account's first supplier contact (kind supplier or both), the fallback back-order supplier. */
export function firstSupplier(db: Db, accountId: number): number | undefined {
  const r = stmt(db, "SELECT id FROM contacts WHERE account_id = ? AND kind IN ('supplier', 'both') ORDER BY id LIMIT 1").get(accountId) as { id: number } | undefined;
  return r?.id;
}

/** A page of the account's purchase orders in id order, optionally of one status, with what is still outstanding. */
export function listPurchaseOrders(db: Db, accountId: number, q: { status?: PoStatus; afterId: number; limit: number }): Array<PurchaseOrder & { outstandingMilli: number }> {
  const rows = stmt(db, `SELECT p.*, (SELECT COALESCE(SUM(MAX(l.qty_milli - l.received_milli, 0)), 0) FROM purchase_order_lines l WHERE l.po_id = p.id) AS outstanding_milli
      FROM purchase_orders p WHERE p.account_id = ? AND p.id > ? AND (? IS NULL OR p.status = ?) ORDER BY p.id LIMIT ?`)
    .all(accountId, q.afterId, q.status ?? null, q.status ?? null, q.limit) as Array<Row & { outstanding_milli: number }>;
  return rows.map((r) => ({ ...toPo(r), outstandingMilli: r.outstanding_milli }));
}
