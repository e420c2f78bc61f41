/**
 * Reorder rules in the mirror and the low-stock list computed from it, offline: per rule and scope,
 * available = on hand (confirmed + pending) − reserved by finalized orders + incoming on open purchase
 * orders (the server's count, plus this desk's queued orders), listed when below the minimum.
 */
import type { ReorderRule } from '@shared/protocol';
import type { LowStockRow, ReorderRuleView } from '@shared/ipc/reorder';
import { stmt, type Db } from './db';
import { fromMilli, toMilli } from './fold';
import { COUNTED_PENDING } from './stock';

export interface RuleRow {
  product_id: number; warehouse: string; min_milli: number; reorder_milli: number; supplier_id: number | null; supplier_name: string | null;
  incoming_milli: number; pending_entry: number | null; removed: number;
}

const view = (r: RuleRow): ReorderRuleView => ({
  productId: r.product_id, warehouse: r.warehouse, min: fromMilli(r.min_milli), reorder: fromMilli(r.reorder_milli),
  supplierId: r.supplier_id, supplierName: r.supplier_name, pending: r.pending_entry !== null,
});

export function ruleRow(db: Db, productId: number, warehouse: string): RuleRow | null {
  return (stmt(db, 'SELECT * FROM reorder_rules WHERE product_id = ? AND warehouse = ?').get(productId, warehouse) as RuleRow | undefined) ?? null;
}

function putRow(db: Db, r: RuleRow): void {
  stmt(db, `INSERT OR REPLACE INTO reorder_rules (product_id, warehouse, min_milli, reorder_milli, supplier_id, supplier_name, incoming_milli, pending_entry, removed)
    VALUES (@product_id, @warehouse, @min_milli, @reorder_milli, @supplier_id, @supplier_name, @incoming_milli, @pending_entry, @removed)`).run(r);
}

/** A rule the server sent (getReorderRules, or setReorderRule's answer). */
const fromServer = (r: ReorderRule, pendingEntry: number | null = null): RuleRow => ({
  product_id: r.product_id, warehouse: r.warehouse ?? '', min_milli: toMilli(r.min_quantity), reorder_milli: toMilli(r.reorder_quantity),
  supplier_id: r.supplier?.contact_id ?? null, supplier_name: r.supplier?.name ?? null, incoming_milli: toMilli(r.incoming), pending_entry: pendingEntry, removed: 0,
});

/**
 * Every rule as the server has it now, except the clerk's edits still in the outbox; acknowledged
 * purchase orders are in the server's incoming from here on.
 */
export function replaceRules(db: Db, rules: ReorderRule[]): void {
  stmt(db, 'DELETE FROM reorder_rules WHERE pending_entry IS NULL').run();
  for (const r of rules) {
    const mine = ruleRow(db, r.product_id, r.warehouse ?? '');
    if (mine) stmt(db, 'UPDATE reorder_rules SET incoming_milli = ? WHERE product_id = ? AND warehouse = ?').run(toMilli(r.incoming), r.product_id, r.warehouse ?? '');
    else putRow(db, fromServer(r));
  }
  stmt(db, 'DELETE FROM incoming_pending WHERE acked = 1').run();
}

/** The optimistic effect of a setReorderRule entry; returns the row it replaced (the undo record). */
export function applyRuleEdit(
  db: Db, entryId: number, e: { productId: number; warehouse: string; minMilli: number; reorderMilli: number; supplierId: number | null; supplierName: string | null; remove: boolean },
): RuleRow | null {
  const prev = ruleRow(db, e.productId, e.warehouse);
  putRow(db, {
    product_id: e.productId, warehouse: e.warehouse, min_milli: e.minMilli, reorder_milli: e.reorderMilli, supplier_id: e.supplierId, supplier_name: e.supplierName,
    incoming_milli: prev?.incoming_milli ?? 0, pending_entry: entryId, removed: e.remove ? 1 : 0,
  });
  return prev;
}

/** A discarded rule edit: the row as it was before it (or none). */
export function undoRuleEdit(db: Db, entryId: number, productId: number, warehouse: string, prev: RuleRow | null): void {
  const now = ruleRow(db, productId, warehouse);
  if (now?.pending_entry !== entryId) return;
  if (prev) putRow(db, prev);
  else stmt(db, 'DELETE FROM reorder_rules WHERE product_id = ? AND warehouse = ?').run(productId, warehouse);
}

/** The server confirmed a rule edit: its rule, or its removal, is now the confirmed state. */
export function confirmRuleEdit(db: Db, entryId: number, productId: number, warehouse: string, rule: ReorderRule | undefined): void {
  const now = ruleRow(db, productId, warehouse);
  // A newer edit of the same rule waits behind this one: it stays the clerk's view.
  if (now && now.pending_entry !== null && now.pending_entry !== entryId) return;
  if (rule) putRow(db, fromServer(rule));
  else stmt(db, 'DELETE FROM reorder_rules WHERE product_id = ? AND warehouse = ?').run(productId, warehouse);
}

export function addIncoming(db: Db, entryId: number, warehouse: string, lines: Array<{ productId: number; milli: number }>): void {
  const s = stmt(db, 'INSERT INTO incoming_pending (entry_id, product_id, warehouse, qty_milli) VALUES (?, ?, ?, ?)');
  for (const l of lines) s.run(entryId, l.productId, warehouse, l.milli);
}

export function removeIncoming(db: Db, entryId: number): void {
  stmt(db, 'DELETE FROM incoming_pending WHERE entry_id = ?').run(entryId);
}

/** The server created the order: remember its code, and count its lines until the rules are read again. */
export function confirmPurchaseOrder(db: Db, entryId: number, poId: number, projectCode: string): void {
  stmt(db, 'UPDATE incoming_pending SET acked = 1 WHERE entry_id = ?').run(entryId);
  stmt(db, 'INSERT OR REPLACE INTO posted_pos (entry_id, po_id, project_code) VALUES (?, ?, ?)').run(entryId, poId, projectCode);
}

export function postedCode(db: Db, entryId: number): string | null {
  return (stmt(db, 'SELECT project_code FROM posted_pos WHERE entry_id = ?').get(entryId) as { project_code: string } | undefined)?.project_code ?? null;
}

export function rulesOf(db: Db, productId: number): ReorderRuleView[] {
  return (stmt(db, 'SELECT * FROM reorder_rules WHERE product_id = ? AND removed = 0 ORDER BY warehouse').all(productId) as RuleRow[]).map(view);
}

export function ruleCount(db: Db): number {
  return (stmt(db, 'SELECT count(*) AS n FROM reorder_rules WHERE removed = 0').get() as { n: number }).n;
}

/**
 * Every rule's scope with its figures, those below the minimum first by how far below. One statement:
 * a rule of warehouse '' sums every warehouse of the product (warehouse names compared as the mirror
 * keeps them, the server's spelling).
 */
const LOW = `
  WITH scoped AS (
    SELECT r.*,
      (SELECT coalesce(sum(qty_milli), 0) FROM stock s WHERE s.product_id = r.product_id AND (r.warehouse = '' OR s.warehouse = r.warehouse))
        + (SELECT coalesce(sum(qty_milli), 0) FROM ${COUNTED_PENDING} p WHERE p.product_id = r.product_id AND (r.warehouse = '' OR p.warehouse = r.warehouse)) AS on_hand,
      (SELECT coalesce(sum(qty_milli), 0) FROM reserved v WHERE v.product_id = r.product_id AND (r.warehouse = '' OR v.warehouse = r.warehouse)) AS reserved_milli,
      r.incoming_milli + (SELECT coalesce(sum(qty_milli), 0) FROM incoming_pending i WHERE i.product_id = r.product_id AND (r.warehouse = '' OR i.warehouse = r.warehouse)) AS incoming_all
    FROM reorder_rules r WHERE r.removed = 0 AND r.min_milli > 0
  )
  SELECT scoped.*, p.name, p.item_number, p.unit, on_hand - reserved_milli + incoming_all AS available
  FROM scoped JOIN products p ON p.id = scoped.product_id
  WHERE on_hand - reserved_milli + incoming_all < min_milli
  ORDER BY (on_hand - reserved_milli + incoming_all) * 1.0 / min_milli, p.name COLLATE NOCASE, scoped.warehouse`;

export function lowStock(db: Db): LowStockRow[] {
  const rows = stmt(db, LOW).all() as Array<RuleRow & { on_hand: number; reserved_milli: number; incoming_all: number; available: number; name: string; item_number: string | null; unit: string }>;
  return rows.map((r) => ({
    ...view(r), name: r.name, itemNumber: r.item_number, unit: r.unit,
    onHand: fromMilli(r.on_hand), reserved: fromMilli(r.reserved_milli), incoming: fromMilli(r.incoming_all), available: fromMilli(r.available),
    suggested: fromMilli(Math.max(r.reorder_milli, r.min_milli - r.available)),
  }));
}
