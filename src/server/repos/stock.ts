/**
 * The stock ledger. A receipt is one business event; its moves are signed quantities in
 * thousandths. `stock_levels` is the materialised sum of the moves per product × warehouse ×
 * label; the database changes it with every inserted move (trigger, migration 006), in the
 * caller's transaction.
 */
import { actorOf } from './actor';
import { insertId, type Sql } from '../db/sql';
import { perEngine } from '../db/dialect';
import { rawRows } from '../db/sqlite/store';
import { readWhileUnchanged } from '../db/sqlite/unchangedCache';
import { findWarehouse, warehouseKey, type Warehouse } from './warehouses';
import { getProductHead, type ProductHead } from './products';
import { contactExists } from './contacts';

export type ReceiptKind = 'takein' | 'wasting' | 'delivery' | 'po_takein';

export interface ReceiptHeader {
  kind: ReceiptKind;
  warehouseId: number;
  contactId?: number;
  orderId?: number;
  poId?: number;
  invoiceId?: number;
  date: string;
  price?: string;
  currency?: string;
  fxrate?: string;
  grossWeight?: string;
  packageType?: string;
  countryCode?: string;
  batchNo?: string;
  expireDate?: string;
}

export interface Move {
  productId: number;
  warehouseId: number;
  label: string;
  qtyMilli: number;
}

export async function insertReceipt(sql: Sql, accountId: number, h: ReceiptHeader, now: Date): Promise<number> {
  return insertId(
    sql,
    `INSERT INTO stock_receipts (account_id, kind, warehouse_id, contact_id, order_id, po_id, invoice_id, date, price, currency,
      fxrate, gross_weight, package_type, country_code, batch_no, expire_date, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [accountId, h.kind, h.warehouseId, h.contactId ?? null, h.orderId ?? null, h.poId ?? null, h.invoiceId ?? null, h.date,
      h.price ?? null, h.currency ?? null, h.fxrate ?? null, h.grossWeight ?? null, h.packageType ?? null, h.countryCode ?? null,
      h.batchNo ?? null, h.expireDate ?? null, now.toISOString(), actorOf(sql)],
  );
}

/**
 * A receipt of one move (a take-in or wasting by setQuantity), its ledger line 1. On PostgreSQL one
 * statement, the receipt inserted in a CTE: a round trip fewer per write (issue 16). The move's
 * trigger and foreign key run at the end of the statement and see the receipt. SQLite has no
 * INSERT inside WITH, and pays no round trip: two statements there.
 */
export async function insertReceiptWithMove(sql: Sql, accountId: number, h: ReceiptHeader, m: Omit<Move, 'warehouseId'>, now: Date): Promise<number> {
  if (sql.engine !== 'postgres') {
    const receiptId = await insertReceipt(sql, accountId, h, now);
    await addMove(sql, accountId, receiptId, { ...m, warehouseId: h.warehouseId });
    return receiptId;
  }
  const r = await sql.get<{ id: number }>(
    `WITH r AS (INSERT INTO stock_receipts (account_id, kind, warehouse_id, contact_id, order_id, po_id, invoice_id, date, price, currency,
      fxrate, gross_weight, package_type, country_code, batch_no, expire_date, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id)
     INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli)
     SELECT r.id, 1, ?, ?, ?, ?, ? FROM r RETURNING receipt_id AS id`,
    [accountId, h.kind, h.warehouseId, h.contactId ?? null, h.orderId ?? null, h.poId ?? null, h.invoiceId ?? null, h.date,
      h.price ?? null, h.currency ?? null, h.fxrate ?? null, h.grossWeight ?? null, h.packageType ?? null, h.countryCode ?? null,
      h.batchNo ?? null, h.expireDate ?? null, now.toISOString(), actorOf(sql), accountId, m.productId, h.warehouseId, m.label, m.qtyMilli],
  );
  return r!.id;
}

/** What a stock write (setQuantity) reads before it checks levels: the product, the warehouse by name, whether the contact exists. */
export interface StockWriteRefs {
  head: Readonly<ProductHead>;
  /** Undefined when the account has no warehouse of that name (Default may exist only by name). */
  warehouse?: Readonly<Warehouse>;
  /** True when no contact was named or it exists. */
  contactKnown: boolean;
}

const STOCK_WRITE_REFS = `SELECT p.id, p.product_name AS name, p.currency, p.service, w.id AS w_id, w.name AS w_name, w.postal_code, w.city, w.street,
    CASE WHEN ?::bigint IS NULL OR EXISTS (SELECT 1 FROM contacts c WHERE c.account_id = p.account_id AND c.id = ?) THEN 1 ELSE 0 END AS contact_known
  FROM products p LEFT JOIN warehouses w ON w.account_id = p.account_id AND w.name_key = ?
  WHERE p.account_id = ? AND p.id = ? FOR NO KEY UPDATE OF p`;

/**
 * The references of a stock write, with the product's stock held still to the end of the transaction
 * (the row lock lockStock takes); undefined when the account has no such product. On PostgreSQL one
 * statement where there were four (issue 16: round trips). SQLite keeps these rows in memory and
 * its one writer needs no lock: the kept rows there.
 */
export async function stockWriteRefs(sql: Sql, accountId: number, productId: number, warehouse: string, contactId: number | undefined): Promise<StockWriteRefs | undefined> {
  if (sql.engine !== 'postgres') {
    const head = await getProductHead(sql, accountId, productId);
    if (!head) return undefined;
    return { head, warehouse: await findWarehouse(sql, accountId, warehouse), contactKnown: contactId === undefined || (await contactExists(sql, accountId, contactId)) };
  }
  const r = await sql.get<ProductHead & { w_id: number | null; w_name: string; postal_code: string | null; city: string | null; street: string | null; contact_known: number }>(
    STOCK_WRITE_REFS, [contactId ?? null, contactId ?? null, warehouseKey(warehouse), accountId, productId],
  );
  if (!r) return undefined;
  return {
    head: { id: r.id, name: r.name, currency: r.currency, service: r.service },
    warehouse: r.w_id === null ? undefined : { id: r.w_id, name: r.w_name, postalCode: r.postal_code ?? undefined, city: r.city ?? undefined, street: r.street ?? undefined },
    contactKnown: r.contact_known === 1,
  };
}

export interface InvoiceDeliveryMove extends Move {
  receiptId: number;
  orderId?: number;
  contactId?: number;
}

/** The moves of the delivery receipts an invoice wrote (an invoice issued from an order ships it), in ledger order. */
export async function invoiceDeliveryMoves(sql: Sql, accountId: number, invoiceId: number): Promise<InvoiceDeliveryMove[]> {
  const rows = await sql.all<{ receipt_id: number; order_id: number | null; contact_id: number | null; product_id: number; warehouse_id: number; stock_label: string; qty_milli: number }>(
    `SELECT r.id AS receipt_id, r.order_id, r.contact_id, m.product_id, m.warehouse_id, m.stock_label, m.qty_milli
     FROM stock_receipts r JOIN stock_moves m ON m.receipt_id = r.id
     WHERE r.account_id = ? AND r.invoice_id = ? AND r.kind = 'delivery' ORDER BY m.receipt_id, m.line`,
    [accountId, invoiceId],
  );
  return rows.map((r) => ({
    receiptId: r.receipt_id, orderId: r.order_id ?? undefined, contactId: r.contact_id ?? undefined,
    productId: r.product_id, warehouseId: r.warehouse_id, label: r.stock_label, qtyMilli: r.qty_milli,
  }));
}

/** Marks a product's stock or reservations as changed now (getQuantities updated_since). */
export async function touchStock(sql: Sql, accountId: number, productId: number, now: Date): Promise<void> {
  await sql.run(
    `INSERT INTO stock_changes (account_id, product_id, changed_at) VALUES (?, ?, ?)
     ON CONFLICT (account_id, product_id) DO UPDATE SET changed_at = excluded.changed_at`,
    [accountId, productId, now.toISOString()],
  );
}

/**
 * One ledger line, numbered within its receipt. Its level and the product's change stamp follow
 * from the insert (trigger stock_moves_level_ai, migration 006), in the caller's transaction.
 */
export async function addMove(sql: Sql, accountId: number, receiptId: number, m: Move): Promise<void> {
  await sql.run(
    `INSERT INTO stock_moves (receipt_id, line, account_id, product_id, warehouse_id, stock_label, qty_milli)
     VALUES (?, (SELECT COALESCE(MAX(line), 0) + 1 FROM stock_moves WHERE receipt_id = ?), ?, ?, ?, ?, ?)`,
    [receiptId, receiptId, accountId, m.productId, m.warehouseId, m.label, m.qtyMilli],
  );
}

// PostgreSQL sums bigint as numeric (text in JS): d.sumInt reads an integer on both engines.
const ON_HAND = perEngine((d) => `SELECT COALESCE(${d.sumInt('qty_milli')}, 0) AS q FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ?`);
const ON_HAND_LABEL = perEngine((d) => `${ON_HAND[d.engine]} AND stock_label = ?`);

/**
 * Holds the products' stock still until the caller's transaction ends: a write that checks levels
 * before it moves stock (a wasting, a shipment, a reservation) calls this first, so two such writes
 * on one product never both pass their check on the same level. SQLite has one writer at a time and
 * needs nothing; PostgreSQL locks the product rows, in id order so that two writes over several
 * products cannot deadlock. NO KEY UPDATE leaves inserts that merely reference the product (its
 * moves, order lines) free.
 */
export async function lockStock(sql: Sql, accountId: number, productIds: Iterable<number>): Promise<void> {
  if (sql.engine !== 'postgres') return;
  const ids = [...new Set(productIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await sql.all(
    'SELECT id FROM products WHERE account_id = ? AND id IN (SELECT value::bigint FROM json_array_elements_text(?::json)) ORDER BY id FOR NO KEY UPDATE',
    [accountId, JSON.stringify(ids)],
  );
}

/** On hand in a warehouse: one label, or all labels together when label is undefined. */
export async function onHand(sql: Sql, accountId: number, productId: number, warehouseId: number, label?: string): Promise<number> {
  const r = label === undefined
    ? await sql.get<{ q: number }>(ON_HAND[sql.engine], [accountId, productId, warehouseId])
    : await sql.get<{ q: number }>(ON_HAND_LABEL[sql.engine], [accountId, productId, warehouseId, label]);
  return r!.q;
}

/** Whether the product has stock on hand anywhere. */
export async function hasStock(sql: Sql, accountId: number, productId: number): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM stock_levels WHERE account_id = ? AND product_id = ? AND qty_milli <> 0 LIMIT 1', [accountId, productId]));
}

/** Level rows of a product, in warehouse and label order; zero rows are kept (the label exists). */
export async function levelsOf(sql: Sql, accountId: number, productId: number, warehouseId: number): Promise<Array<{ label: string; qtyMilli: number }>> {
  return sql.all<{ label: string; qtyMilli: number }>(
    'SELECT stock_label AS label, qty_milli AS "qtyMilli" FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ? ORDER BY stock_label',
    [accountId, productId, warehouseId],
  );
}

const LEDGER_SUM = perEngine((d) => `SELECT COALESCE(${d.sumInt('qty_milli')}, 0) AS q FROM stock_moves
  WHERE account_id = ? AND product_id = ? AND warehouse_id = ? AND stock_label = ?`);

/** The ledger's own sum, to check the materialised level against (tests, audits). */
export async function ledgerSum(sql: Sql, accountId: number, productId: number, warehouseId: number, label: string): Promise<number> {
  const r = await sql.get<{ q: number }>(LEDGER_SUM[sql.engine], [accountId, productId, warehouseId, label]);
  return r!.q;
}

const MISMATCHES = perEngine((d) => `
  WITH ledger AS (SELECT account_id, product_id, warehouse_id, stock_label, ${d.sumInt('qty_milli')} AS q FROM stock_moves GROUP BY 1, 2, 3, 4)
  SELECT COALESCE(l.product_id, g.product_id) AS product_id, COALESCE(l.warehouse_id, g.warehouse_id) AS warehouse_id,
         COALESCE(l.stock_label, g.stock_label) AS stock_label, COALESCE(l.qty_milli, 0) AS level, COALESCE(g.q, 0) AS ledger
  FROM stock_levels l FULL OUTER JOIN ledger g USING (account_id, product_id, warehouse_id, stock_label)
  WHERE COALESCE(l.qty_milli, 0) <> COALESCE(g.q, 0)`);

/** Every (product, warehouse, label) whose level differs from its ledger sum; empty when consistent. */
export async function levelMismatches(sql: Sql): Promise<Array<{ product_id: number; warehouse_id: number; stock_label: string; level: number; ledger: number }>> {
  return sql.all(MISMATCHES[sql.engine]);
}

export interface WarehouseStock {
  warehouseId: number;
  warehouse: string;
  onHand: number;
  /** On hand under the given label (equals onHand when no label is asked for). */
  labelOnHand: number;
  pending: number;
}

/**
 * A product's stock per warehouse of the account (or one warehouse); undefined when the account has
 * no such product. Kept in memory while the database is unchanged (unchangedCache.ts): the answer is
 * shared, so callers must not modify it.
 */
export function stockByWarehouse(sql: Sql, accountId: number, productId: number, warehouseId: number | null, label: string | null): Promise<readonly WarehouseStock[] | undefined> {
  return readWhileUnchanged(sql, `stock:${accountId}:${productId}:${warehouseId ?? '*'}:${label === null ? '*' : `=${label}`}`, () =>
    readStockByWarehouse(sql, accountId, productId, warehouseId, label));
}

const STOCK_BY_WAREHOUSE = perEngine((d) => `SELECT w.id, w.name,
    COALESCE((SELECT ${d.sumInt('l.qty_milli')} FROM stock_levels l WHERE l.account_id = ? AND l.product_id = ? AND l.warehouse_id = w.id), 0) AS on_hand,
    COALESCE((SELECT ${d.sumInt('l.qty_milli')} FROM stock_levels l WHERE l.account_id = ? AND l.product_id = ? AND l.warehouse_id = w.id
      AND (${d.nullParam} OR l.stock_label = ?)), 0) AS label_on_hand,
    COALESCE((SELECT ${d.sumInt('r.qty_milli')} FROM reservations r WHERE r.account_id = ? AND r.product_id = ? AND r.warehouse_id = w.id), 0) AS pending
  FROM products p LEFT JOIN warehouses w ON w.account_id = p.account_id AND (${d.nullParam} OR w.id = ?)
  WHERE p.account_id = ? AND p.id = ? ORDER BY w.id`);

/**
 * A product's stock in the warehouse of that name (case-insensitively), with the product's and the
 * warehouse's existence, in one statement: undefined when the account has no such product, [] when it
 * has no such warehouse. getQuantity asked three statements for this (issue 16: round trips).
 */
export function stockInWarehouseNamed(sql: Sql, accountId: number, productId: number, warehouse: string, label: string | null): Promise<readonly WarehouseStock[] | undefined> {
  const nameKey = warehouseKey(warehouse);
  return readWhileUnchanged(sql, `stock:${accountId}:${productId}:name=${nameKey}:${label === null ? '*' : `=${label}`}`, async () => {
    const a = accountId;
    const p = productId;
    return stockRows(await rawRows(sql, STOCK_IN_NAMED[sql.engine], [a, p, a, p, label, label, a, p, nameKey, a, p]));
  });
}

const STOCK_IN_NAMED = perEngine((d) => STOCK_BY_WAREHOUSE[d.engine].replace(`(${d.nullParam} OR w.id = ?)`, 'w.name_key = ?'));

function stockRows(raw: unknown[][]): WarehouseStock[] | undefined {
  const rows = raw as Array<[number | null, string, number, number, number]>;
  if (rows.length === 0) return undefined;
  // The product exists but no warehouse matched: one row of NULLs from the outer join.
  if (rows[0]![0] === null) return [];
  return rows.map(([id, warehouse, onHand, labelOnHand, pending]) => ({ warehouseId: id!, warehouse, onHand, labelOnHand, pending }));
}

/** The same in one statement. Read raw: row objects would rebuild five keys per row. Every column is named: another engine reads rows as objects. */
async function readStockByWarehouse(sql: Sql, accountId: number, productId: number, warehouseId: number | null, label: string | null): Promise<WarehouseStock[] | undefined> {
  const a = accountId;
  const p = productId;
  return stockRows(await rawRows(sql, STOCK_BY_WAREHOUSE[sql.engine], [a, p, a, p, label, label, a, p, warehouseId, warehouseId, a, p]));
}

export interface LevelsAt {
  /** Every label's level in the warehouse, in label order ('' = no label); zero rows are kept. */
  levels: Array<{ label: string; qtyMilli: number }>;
  /** The warehouse's total over every label. */
  onHand: number;
  pending: number;
}

const LEVELS_AT = perEngine((d) => `SELECT stock_label, qty_milli FROM stock_levels WHERE account_id = ? AND product_id = ? AND warehouse_id = ?
  UNION ALL SELECT NULL, COALESCE(${d.sumInt('qty_milli')}, 0) FROM reservations WHERE account_id = ? AND product_id = ? AND warehouse_id = ?`);

/**
 * Every label's level of a product in one warehouse and its reservations, read in one statement:
 * one range of the stock_levels primary key (account, product, warehouse, label) and one of
 * reservations. A write's answer names every label from it without a second read.
 */
export async function levelsAt(sql: Sql, accountId: number, productId: number, warehouseId: number): Promise<LevelsAt> {
  const rows = (await rawRows(sql, LEVELS_AT[sql.engine], [accountId, productId, warehouseId, accountId, productId, warehouseId])) as Array<[string | null, number]>;
  const levels: LevelsAt['levels'] = [];
  let onHand = 0;
  let pending = 0;
  for (const [label, q] of rows) {
    if (label === null) pending = q;
    else {
      levels.push({ label, qtyMilli: q });
      onHand += q;
    }
  }
  // UNION ALL keeps each side's order only by accident; the answer promises label order.
  levels.sort((x, y) => (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  return { levels, onHand, pending };
}

const PENDING = perEngine((d) => `SELECT COALESCE(${d.sumInt('qty_milli')}, 0) AS q FROM reservations WHERE account_id = ? AND product_id = ? AND warehouse_id = ?`);

/** Reserved for finalized, unshipped orders in a warehouse. */
export async function pending(sql: Sql, accountId: number, productId: number, warehouseId: number): Promise<number> {
  const r = await sql.get<{ q: number }>(PENDING[sql.engine], [accountId, productId, warehouseId]);
  return r!.q;
}

export async function setReservation(sql: Sql, accountId: number, orderId: number, productId: number, warehouseId: number, qtyMilli: number, now: Date): Promise<void> {
  if (qtyMilli > 0) {
    await sql.run(
      `INSERT INTO reservations (order_id, product_id, account_id, warehouse_id, qty_milli) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (order_id, product_id) DO UPDATE SET qty_milli = excluded.qty_milli, warehouse_id = excluded.warehouse_id`,
      [orderId, productId, accountId, warehouseId, qtyMilli],
    );
  } else {
    await sql.run('DELETE FROM reservations WHERE account_id = ? AND order_id = ? AND product_id = ?', [accountId, orderId, productId]);
  }
  await touchStock(sql, accountId, productId, now);
}

export async function releaseReservations(sql: Sql, accountId: number, orderId: number, now: Date): Promise<void> {
  const rows = await sql.all<{ product_id: number }>('SELECT product_id FROM reservations WHERE account_id = ? AND order_id = ?', [accountId, orderId]);
  await sql.run('DELETE FROM reservations WHERE account_id = ? AND order_id = ?', [accountId, orderId]);
  for (const r of rows) await touchStock(sql, accountId, r.product_id, now);
}

/** Voucher serials; false (and nothing written) when one of them was already issued. */
export async function issueSerials(sql: Sql, accountId: number, productId: number, receiptId: number, first: number, count: number): Promise<boolean> {
  const clash = await sql.get('SELECT 1 FROM voucher_serials WHERE product_id = ? AND serial BETWEEN ? AND ? LIMIT 1', [productId, first, first + count - 1]);
  if (clash) return false;
  for (let i = 0; i < count; i++) {
    await sql.run('INSERT INTO voucher_serials (product_id, serial, account_id, receipt_id) VALUES (?, ?, ?, ?)', [productId, first + i, accountId, receiptId]);
  }
  return true;
}

export async function nextSerial(sql: Sql, productId: number): Promise<number> {
  const r = await sql.get<{ n: number }>('SELECT COALESCE(MAX(serial), 0) + 1 AS n FROM voucher_serials WHERE product_id = ?', [productId]);
  return r!.n;
}

/** The supplier of the product's most recent take-in, for back-orders. */
export async function lastTakeinSupplier(sql: Sql, accountId: number, productId: number): Promise<number | undefined> {
  const r = await sql.get<{ contact_id: number }>(
    `SELECT r.contact_id FROM stock_moves m JOIN stock_receipts r ON r.id = m.receipt_id
     WHERE m.account_id = ? AND m.product_id = ? AND r.kind IN ('takein', 'po_takein') AND r.contact_id IS NOT NULL ORDER BY m.receipt_id DESC LIMIT 1`,
    [accountId, productId],
  );
  return r?.contact_id;
}

export interface StockPage {
  productIds: number[];
  more: boolean;
  stock: Array<{ product_id: number; warehouse: string; stock_label: string; qty_milli: number }>;
  reserved: Array<{ product_id: number; warehouse: string; qty_milli: number }>;
}

const PAGE_IDS = perEngine((d) => `SELECT product_id FROM stock_changes WHERE account_id = ? AND product_id > ?
  AND (${d.nullParam} OR changed_at >= ?) AND (${d.nullParam} OR product_id ${d.inJsonIds}) ORDER BY product_id LIMIT ?`);
const PAGE_STOCK = perEngine((d) => `SELECT l.product_id, w.name AS warehouse, l.stock_label, l.qty_milli FROM stock_levels l JOIN warehouses w ON w.id = l.warehouse_id
  WHERE l.account_id = ? AND l.product_id ${d.inJsonIds} ORDER BY l.product_id, w.id, l.stock_label`);
const PAGE_RESERVED = perEngine((d) => `SELECT r.product_id, w.name AS warehouse, ${d.sumInt('r.qty_milli')} AS qty_milli FROM reservations r JOIN warehouses w ON w.id = r.warehouse_id
  WHERE r.account_id = ? AND r.product_id ${d.inJsonIds} GROUP BY r.product_id, w.id ORDER BY r.product_id, w.id`);

/** Products with stock history, keyset-paged by id, with their levels and reservations. */
export async function stockPage(sql: Sql, accountId: number, q: { productIds?: number[]; afterId: number; since?: string; limit: number }): Promise<StockPage> {
  const ids = (await sql.all<{ product_id: number }>(
    PAGE_IDS[sql.engine],
    [accountId, q.afterId, q.since ?? null, q.since ?? null, q.productIds ? 1 : null, JSON.stringify(q.productIds ?? []), q.limit + 1],
  )).map((r) => r.product_id);
  const more = ids.length > q.limit;
  const page = ids.slice(0, q.limit);
  const json = JSON.stringify(page);
  const stock = await sql.all<StockPage['stock'][number]>(PAGE_STOCK[sql.engine], [accountId, json]);
  const reserved = await sql.all<StockPage['reserved'][number]>(PAGE_RESERVED[sql.engine], [accountId, json]);
  return { productIds: page, more, stock, reserved };
}
