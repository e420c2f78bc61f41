/**
 * The outbox effects of the reorder commands: a rule edit shows at once (pending), a queued purchase
 * order counts as incoming at once; a discard puts back what was there; the server's answer is the rule,
 * or the order's code.
 */
import type { Params, Result } from '@shared/protocol';
import { getContact } from '../mirror/contacts';
import type { Db } from '../mirror/db';
import { toMilli } from '../mirror/fold';
import { addIncoming, applyRuleEdit, confirmPurchaseOrder, confirmRuleEdit, removeIncoming, undoRuleEdit, type RuleRow } from '../mirror/reorder';

export type ReorderUndo = { kind: 'reorderRule'; productId: number; warehouse: string; prev: RuleRow | null };

export function applyReorderEffect(db: Db, entryId: number, method: 'setReorderRule' | 'setPurchaseOrder', params: Record<string, unknown>): ReorderUndo | null {
  if (method === 'setReorderRule') {
    const p = params as Params<'setReorderRule'>;
    const warehouse = p.warehouse ?? '';
    const supplierId = p.supplier_contact_id ?? null;
    const prev = applyRuleEdit(db, entryId, {
      productId: p.product_id, warehouse, minMilli: toMilli(p.min_quantity), reorderMilli: toMilli(p.reorder_quantity),
      supplierId, supplierName: supplierId === null ? null : (getContact(db, supplierId)?.name ?? null), remove: p.remove === 1,
    });
    return { kind: 'reorderRule', productId: p.product_id, warehouse, prev };
  }
  const p = params as Params<'setPurchaseOrder'>;
  addIncoming(db, entryId, p.warehouse ?? 'Default', p.lines.map((l) => ({ productId: l.product_id, milli: toMilli(l.quantity) })));
  return null;
}

export function rollbackReorder(db: Db, entryId: number, u: ReorderUndo | null): void {
  removeIncoming(db, entryId);
  if (u?.kind === 'reorderRule') undoRuleEdit(db, entryId, u.productId, u.warehouse, u.prev);
}

export function acknowledgeReorder(db: Db, entryId: number, method: 'setReorderRule' | 'setPurchaseOrder', params: Record<string, unknown>, result: unknown): void {
  if (method === 'setReorderRule') {
    const p = params as Params<'setReorderRule'>;
    confirmRuleEdit(db, entryId, p.product_id, p.warehouse ?? '', (result as Result<'setReorderRule'>).rule);
    return;
  }
  const r = result as Result<'setPurchaseOrder'>;
  confirmPurchaseOrder(db, entryId, r.po_id, r.project_code);
}
