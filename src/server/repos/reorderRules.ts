/** Reorder rules: a product's minimum level and reorder quantity, in one warehouse or over all of them. */
import type { Sql } from '../db/sql';
import { perEngine } from '../db/dialect';

export interface ReorderRuleRow {
  id: number;
  productId: number;
  /** null = the product over every warehouse. */
  warehouseId: number | null;
  warehouseName: string | null;
  minMilli: number;
  reorderMilli: number;
  supplierContactId: number | null;
  supplierName: string | null;
  /** Ordered less received on the account's open purchase orders into the rule's scope. */
  incomingMilli: number;
  updatedAt: string;
}

export interface RuleWrite {
  productId: number;
  warehouseId: number | null;
  minMilli: number;
  reorderMilli: number;
  supplierContactId: number | null;
}

/** One rule per product and scope; a second write of the same scope changes it. */
export async function upsertRule(sql: Sql, accountId: number, r: RuleWrite, now: Date): Promise<number> {
  const row = await sql.get<{ id: number }>(
    `INSERT INTO reorder_rules (account_id, product_id, warehouse_id, min_milli, reorder_milli, supplier_contact_id, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT ${r.warehouseId === null ? '(account_id, product_id) WHERE warehouse_id IS NULL' : '(account_id, product_id, warehouse_id) WHERE warehouse_id IS NOT NULL'} DO UPDATE SET
       min_milli = excluded.min_milli, reorder_milli = excluded.reorder_milli,
       supplier_contact_id = excluded.supplier_contact_id, updated_at = excluded.updated_at
     RETURNING id`,
    [accountId, r.productId, r.warehouseId, r.minMilli, r.reorderMilli, r.supplierContactId, now.toISOString()],
  );
  return row!.id;
}

/** Deletes the rule of the product and scope; false if there was none. */
export async function deleteRule(sql: Sql, accountId: number, productId: number, warehouseId: number | null): Promise<boolean> {
  const r = warehouseId === null
    ? await sql.run('DELETE FROM reorder_rules WHERE account_id = ? AND product_id = ? AND warehouse_id IS NULL', [accountId, productId])
    : await sql.run('DELETE FROM reorder_rules WHERE account_id = ? AND product_id = ? AND warehouse_id = ?', [accountId, productId, warehouseId]);
  return r.changes > 0;
}

const LIST = perEngine((d) => `SELECT r.id, r.product_id, r.warehouse_id, w.name AS warehouse_name, r.min_milli, r.reorder_milli,
    r.supplier_contact_id, c.name AS supplier_name, r.updated_at,
    (SELECT COALESCE(${d.sumInt(d.greatest('l.qty_milli - l.received_milli', '0'))}, 0)
       FROM purchase_order_lines l JOIN purchase_orders p ON p.id = l.po_id
      WHERE l.account_id = r.account_id AND l.product_id = r.product_id AND p.status = 'open'
        AND (r.warehouse_id IS NULL OR p.warehouse_id = r.warehouse_id)) AS incoming_milli
  FROM reorder_rules r
  LEFT JOIN warehouses w ON w.id = r.warehouse_id
  LEFT JOIN contacts c ON c.id = r.supplier_contact_id
  WHERE r.account_id = ? AND r.id > ? AND (${d.nullParam} OR r.product_id = ?)
  ORDER BY r.id LIMIT ?`);

interface Row {
  id: number; product_id: number; warehouse_id: number | null; warehouse_name: string | null; min_milli: number; reorder_milli: number;
  supplier_contact_id: number | null; supplier_name: string | null; updated_at: string; incoming_milli: number;
}

/** A page of the account's rules in id order (of one product if asked), with what is incoming on open purchase orders. */
export async function listRules(sql: Sql, accountId: number, q: { productId?: number; afterId: number; limit: number }): Promise<ReorderRuleRow[]> {
  const rows = await sql.all<Row>(LIST[sql.engine], [accountId, q.afterId, q.productId ?? null, q.productId ?? null, q.limit]);
  return rows.map((r) => ({
    id: r.id, productId: r.product_id, warehouseId: r.warehouse_id, warehouseName: r.warehouse_name, minMilli: r.min_milli, reorderMilli: r.reorder_milli,
    supplierContactId: r.supplier_contact_id, supplierName: r.supplier_name, incomingMilli: Number(r.incoming_milli), updatedAt: r.updated_at,
  }));
}

/** The rule with this id, as listRules reads it. */
export async function getRule(sql: Sql, accountId: number, id: number): Promise<ReorderRuleRow | undefined> {
  const rows = await listRules(sql, accountId, { afterId: id - 1, limit: 1 });
  return rows[0]?.id === id ? rows[0] : undefined;
}
