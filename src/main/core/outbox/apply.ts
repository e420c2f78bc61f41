/**
 * The optimistic effect of each command on the mirror, written in the same transaction as its
 * outbox entry: the clerk sees the take-in, the new order or the issued invoice at once, marked
 * pending. Returns the undo record that `rollback` (effects.ts) uses when the entry is discarded.
 */
import { computeTotals, toNumber } from '@shared/money';
import type { Params } from '@shared/protocol';
import { getContact } from '../mirror/contacts';
import type { Db } from '../mirror/db';
import { purchaseOrder } from '../mirror/dues';
import { toMilli } from '../mirror/fold';
import { addPendingPayment, insertLocalInvoice } from '../mirror/invoices';
import { getOrder, saveOrder } from '../mirror/orders';
import { productRecord, productRow, writeLocalProduct, type ProductFields } from '../mirror/products';
import { currentId } from '../mirror/settings';
import { addPending } from '../mirror/stock';
import { orderStatus, type Undo } from './effects';
import { applyReorderEffect } from './reorderEffects';

const localOf = (creates: string | undefined | null): number | null => (creates ? Number(creates.split(':')[1]) : null);

export function invoiceTotal(p: Params<'setInvoice'>): number {
  const t = computeTotals((p.items ?? []).map((i) => ({ quantity: i.quantity, unitPrice: i.unit_price, discountPercent: i.discount ?? 0, vatRate: i.vat })), p.currency, p.currency === 'HUF' ? undefined : p.fx_rate);
  return toNumber(t.totals.gross);
}

export function applyEffect(db: Db, entryId: number, method: string, params: Record<string, unknown>, creates: string | null | undefined, now: Date): Undo | null {
  switch (method) {
    case 'setQuantity': {
      const p = params as Params<'setQuantity'>;
      addPending(db, entryId, currentId(db, 'product', p.product_id), p.warehouse, p.stock_label ?? '', toMilli(p.quantity));
      return { kind: 'stock' };
    }
    case 'setProduct': {
      const p = params as Params<'setProduct'> & Record<string, unknown>;
      const local = localOf(creates);
      const id = local ?? currentId(db, 'product', p.id ?? 0);
      if (p.takein_quantity) addPending(db, entryId, id, p.takein_warehouse ?? 'Default', '', toMilli(p.takein_quantity));
      if (local !== null) {
        writeLocalProduct(db, local, p as ProductFields & Record<string, unknown>, true);
        return { kind: 'productCreate', id: local };
      }
      const prev = productRecord(db, id) ?? {};
      const prevLocal = productRow(db, id)?.local ?? false;
      const merged = { ...prev, ...Object.fromEntries(Object.entries(p).filter(([k, v]) => v !== undefined && !k.startsWith('takein_'))) };
      writeLocalProduct(db, id, merged as ProductFields & Record<string, unknown>, prevLocal);
      // A server product edited here keeps its server record shape for rollback.
      return { kind: 'productUpdate', id, prev, prevLocal };
    }
    case 'setOrder': {
      const p = params as Params<'setOrder'>;
      const local = localOf(creates);
      if (local !== null) {
        saveOrder(db, local, true, orderStatus(p.finalize_order), p, now);
        return { kind: 'orderCreate', id: local };
      }
      const id = currentId(db, 'order', p.id ?? 0);
      const prev = getOrder(db, id);
      saveOrder(db, id, id < 0, orderStatus(p.finalize_order), { ...p, id }, now);
      return prev ? { kind: 'orderUpdate', id, prev: prev.params, prevStatus: prev.status } : null;
    }
    case 'setOrderItem': {
      const p = params as Params<'setOrderItem'>;
      const id = currentId(db, 'order', p.order_id);
      const prev = getOrder(db, id);
      if (!prev) return null;
      const items = prev.params.items.map((it) => ({ ...it }));
      for (const change of p.products) {
        const pid = currentId(db, 'product', change.product_id);
        const line = items.find((it) => currentId(db, 'product', it.product_id) === pid);
        if (line) line.quantity = change.new_quantity;
        else if (change.new_quantity > 0) items.push({ product_id: pid, quantity: change.new_quantity });
      }
      saveOrder(db, id, id < 0, prev.status, { ...prev.params, items: items.filter((it) => it.quantity > 0) }, now);
      return { kind: 'orderUpdate', id, prev: prev.params, prevStatus: prev.status };
    }
    case 'setInvoice': {
      const p = params as Params<'setInvoice'>;
      const local = localOf(creates);
      if (local === null) return null;
      const type = p.storno_id ? 'storno' : p.proforma === 1 ? 'proforma' : 'invoice';
      insertLocalInvoice(db, local, p, { contactName: getContact(db, p.contact_id)?.name ?? `#${p.contact_id}`, total: invoiceTotal(p), type }, now);
      return { kind: 'invoiceCreate', id: local };
    }
    case 'setBalance': {
      const p = params as Params<'setBalance'>;
      addPendingPayment(db, entryId, currentId(db, 'invoice', p.invoice_id), p.amount);
      return { kind: 'payment' };
    }
    case 'setPOTakeIn': {
      const p = params as Params<'setPOTakeIn'>;
      const po = purchaseOrder(db, p.PO);
      // A partial receipt (extension items) shows what was scanned, in its bin; a close alone moves no stock.
      if (p.items) {
        for (const it of p.items) addPending(db, entryId, it.product_id, it.warehouse ?? po?.warehouse ?? 'Default', it.stock_label ?? '', toMilli(it.quantity));
        return { kind: 'stock' };
      }
      if (p.close === 1) return { kind: 'stock' };
      for (const l of po?.lines ?? []) {
        const rest = toMilli(l.quantity) - toMilli(l.received_quantity);
        if (rest > 0) addPending(db, entryId, l.product_id, po!.warehouse, '', rest);
      }
      return { kind: 'stock' };
    }
    case 'setTransfer': {
      // Both sides at once, pending until the server confirms: the source bin shows less, the target more.
      for (const l of (params as Params<'setTransfer'>).lines) {
        const id = currentId(db, 'product', l.product_id);
        addPending(db, entryId, id, l.from_warehouse, l.from_stock_label ?? '', -toMilli(l.quantity));
        addPending(db, entryId, id, l.to_warehouse, l.to_stock_label ?? '', toMilli(l.quantity));
      }
      return { kind: 'stock' };
    }
    case 'setReorderRule':
    case 'setPurchaseOrder':
      return applyReorderEffect(db, entryId, method, params);
    default:
      return null;
  }
}
