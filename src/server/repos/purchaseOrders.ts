/** Purchase orders (back-orders to suppliers) and their lines, identified by a per-account project code. */
import type { Sql } from '../db/sql';
import { perEngine } from '../db/dialect';

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
  /** Set when the order was closed with lines still open (setPOTakeIn close). */
  closedShortAt?: string;
}

export interface PoLine {
  position: number;
  productId: number;
  qtyMilli: number;
  receivedMilli: number;
}

interface Row {
  id: number; project_code: string; status: PoStatus; supplier_contact_id: number; warehouse_id: number;
  order_id: number | null; created_at: string; received_at: string | null; closed_short_at: string | null;
}
const toPo = (r: Row): PurchaseOrder => ({
  id: r.id, projectCode: r.project_code, status: r.status, supplierContactId: r.supplier_contact_id, warehouseId: r.warehouse_id,
  orderId: r.order_id ?? undefined, createdAt: r.created_at, receivedAt: r.received_at ?? undefined,
  closedShortAt: r.closed_short_at ?? undefined,
});

/** The next code of the year's series, PO-2026-000001, PO-2026-000002, … (unique per account). */
export async function nextProjectCode(sql: Sql, accountId: number, year: number): Promise<string> {
  const prefix = `PO-${year}-`;
  // The longest code sorts last among equal lengths: the highest number is the max by (length, code),
  // read in JS (PostgreSQL's CAST throws on a code with non-digits, where SQLite read the leading digits).
  const r = await sql.get<{ code: string }>(
    `SELECT project_code AS code FROM purchase_orders WHERE account_id = ? AND substr(project_code, 1, ?) = ?
     ORDER BY length(project_code) DESC, project_code DESC LIMIT 1`,
    [accountId, prefix.length, prefix],
  );
  const n = r ? parseInt(r.code.slice(prefix.length), 10) : 0;
  return `${prefix}${String((Number.isSafeInteger(n) ? n : 0) + 1).padStart(6, '0')}`;
}

export async function insertPurchaseOrder(
  sql: Sql, accountId: number, po: { projectCode: string; supplierContactId: number; warehouseId: number; orderId?: number; lines: Array<{ productId: number; qtyMilli: number }> }, now: Date,
): Promise<number> {
  const r = await sql.get<{ id: number }>(
    `INSERT INTO purchase_orders (account_id, project_code, status, supplier_contact_id, warehouse_id, order_id, created_at)
     VALUES (?, ?, 'open', ?, ?, ?, ?) RETURNING id`,
    [accountId, po.projectCode, po.supplierContactId, po.warehouseId, po.orderId ?? null, now.toISOString()],
  );
  const id = r!.id;
  for (const [i, l] of po.lines.entries()) {
    await sql.run('INSERT INTO purchase_order_lines (po_id, position, account_id, product_id, qty_milli) VALUES (?, ?, ?, ?, ?)', [id, i, accountId, l.productId, l.qtyMilli]);
  }
  return id;
}

export async function getPurchaseOrder(sql: Sql, accountId: number, id: number): Promise<PurchaseOrder | undefined> {
  const r = await sql.get<Row>('SELECT * FROM purchase_orders WHERE account_id = ? AND id = ?', [accountId, id]);
  return r && toPo(r);
}

/**
 * The purchase order, held still until the caller's transaction ends: two receipts of one order on
 * PostgreSQL then run one after the other, each checking what remains after the other's commit
 * (READ COMMITTED re-reads the lines). SQLite has one writer at a time and needs no lock.
 */
export async function lockPurchaseOrder(sql: Sql, accountId: number, id: number): Promise<PurchaseOrder | undefined> {
  const r = await sql.get<Row>(`SELECT * FROM purchase_orders WHERE account_id = ? AND id = ?${sql.engine === 'postgres' ? ' FOR UPDATE' : ''}`, [accountId, id]);
  return r && toPo(r);
}

export async function findPurchaseOrderByCode(sql: Sql, accountId: number, code: string): Promise<PurchaseOrder | undefined> {
  const r = await sql.get<Row>('SELECT * FROM purchase_orders WHERE account_id = ? AND project_code = ?', [accountId, code]);
  return r && toPo(r);
}

export async function purchaseOrdersOfOrder(sql: Sql, accountId: number, orderId: number): Promise<PurchaseOrder[]> {
  return (await sql.all<Row>('SELECT * FROM purchase_orders WHERE account_id = ? AND order_id = ? ORDER BY id', [accountId, orderId])).map(toPo);
}

export async function poLines(sql: Sql, accountId: number, poId: number): Promise<PoLine[]> {
  return sql.all<PoLine>(
    'SELECT position, product_id AS "productId", qty_milli AS "qtyMilli", received_milli AS "receivedMilli" FROM purchase_order_lines WHERE account_id = ? AND po_id = ? ORDER BY position',
    [accountId, poId],
  );
}

/** Marks every line fully received and the PO received; false if it was not open (a concurrent receipt). */
export async function markReceived(sql: Sql, accountId: number, poId: number, now: Date): Promise<boolean> {
  const r = await sql.run("UPDATE purchase_orders SET status = 'received', received_at = ? WHERE account_id = ? AND id = ? AND status = 'open'", [
    now.toISOString(), accountId, poId,
  ]);
  if (r.changes === 0) return false;
  await sql.run('UPDATE purchase_order_lines SET received_milli = qty_milli WHERE account_id = ? AND po_id = ?', [accountId, poId]);
  return true;
}

/** Adds a partial receipt's quantity to one line. */
export async function addReceived(sql: Sql, accountId: number, poId: number, position: number, qtyMilli: number): Promise<void> {
  await sql.run('UPDATE purchase_order_lines SET received_milli = received_milli + ? WHERE account_id = ? AND po_id = ? AND position = ?', [qtyMilli, accountId, poId, position]);
}

/** Closes an open order as it stands (lines keep what was received); short: some lines remain open. */
export async function closePurchaseOrder(sql: Sql, accountId: number, poId: number, now: Date, short: boolean): Promise<boolean> {
  const at = now.toISOString();
  const r = await sql.run("UPDATE purchase_orders SET status = 'received', received_at = ?, closed_short_at = ? WHERE account_id = ? AND id = ? AND status = 'open'", [
    at, short ? at : null, accountId, poId,
  ]);
  return r.changes > 0;
}

export interface NamedPoLine extends PoLine { poId: number; productName: string }

/** The lines of the account's purchase orders with ids from..to (a page of getPOs), with product names. */
export async function poLinesBetween(sql: Sql, accountId: number, fromId: number, toId: number): Promise<NamedPoLine[]> {
  return sql.all<NamedPoLine>(
    `SELECT l.po_id AS "poId", l.position, l.product_id AS "productId", l.qty_milli AS "qtyMilli", l.received_milli AS "receivedMilli", p.product_name AS "productName"
     FROM purchase_order_lines l JOIN products p ON p.id = l.product_id
     WHERE l.account_id = ? AND l.po_id >= ? AND l.po_id <= ? ORDER BY l.po_id, l.position`,
    [accountId, fromId, toId],
  );
}

export async function poReceipts(sql: Sql, accountId: number, poId: number): Promise<Array<{ receipt_id: number; product_id: number; qty_milli: number; date: string }>> {
  return sql.all(
    `SELECT r.id AS receipt_id, m.product_id, m.qty_milli, r.date FROM stock_receipts r JOIN stock_moves m ON m.receipt_id = r.id
     WHERE r.account_id = ? AND r.po_id = ? ORDER BY m.receipt_id, m.line`,
    [accountId, poId],
  );
}

/** The account's first supplier contact (kind supplier or both), the fallback back-order supplier. */
export async function firstSupplier(sql: Sql, accountId: number): Promise<number | undefined> {
  const r = await sql.get<{ id: number }>("SELECT id FROM contacts WHERE account_id = ? AND kind IN ('supplier', 'both') ORDER BY id LIMIT 1", [accountId]);
  return r?.id;
}

const LIST_POS = perEngine((d) => `SELECT p.*,
    (SELECT COALESCE(${d.sumInt(d.greatest('l.qty_milli - l.received_milli', '0'))}, 0) FROM purchase_order_lines l WHERE l.po_id = p.id) AS outstanding_milli
  FROM purchase_orders p WHERE p.account_id = ? AND p.id > ? AND (${d.nullParam} OR p.status = ?) ORDER BY p.id LIMIT ?`);

/** A page of the account's purchase orders in id order, optionally of one status, with what is still outstanding. */
export async function listPurchaseOrders(
  sql: Sql, accountId: number, q: { status?: PoStatus; afterId: number; limit: number },
): Promise<Array<PurchaseOrder & { outstandingMilli: number }>> {
  const rows = await sql.all<Row & { outstanding_milli: number }>(
    LIST_POS[sql.engine],
    [accountId, q.afterId, q.status ?? null, q.status ?? null, q.limit],
  );
  return rows.map((r) => ({ ...toPo(r), outstandingMilli: r.outstanding_milli }));
}
