/**
 * What an entry did to the mirror when it was written (its undo record), how that is rolled back
 * when the clerk discards it, and what the server's answer changes once it is applied: local ids
 * are mapped and rows renumbered, confirmed quantities replace pending deltas.
 */
import type { Params, Result } from '@shared/protocol';
import type { Db } from '../mirror/db';
import { deleteInvoice, markInvoiceStale, removePendingPayment, renumberInvoice, setBalanceFromServer, setInvoiceStatus } from '../mirror/invoices';
import { deleteOrder, renumberOrder, saveOrder, setOrderStatus } from '../mirror/orders';
import { deleteProduct, renumberProduct, upsertServerProducts, writeLocalProduct, type ProductFields } from '../mirror/products';
import { mapId, resolveId } from '../mirror/settings';
import { ackPending, applySetQuantityAnswer, applyTransferAnswer, markStale, removePending } from '../mirror/stock';
import { purchaseOrder } from '../mirror/dues';
import { foldReceiptAnswer } from '../mirror/receiving';
import type { ProductRecord } from '@shared/protocol';
import type { Entry } from './repo';
import { acknowledgeReorder, rollbackReorder, type ReorderUndo } from './reorderEffects';

export type Undo =
  | { kind: 'stock' }
  | { kind: 'productCreate'; id: number }
  | { kind: 'productUpdate'; id: number; prev: Record<string, unknown>; prevLocal: boolean }
  | { kind: 'orderCreate'; id: number }
  | { kind: 'orderUpdate'; id: number; prev: Params<'setOrder'>; prevStatus: string }
  | { kind: 'invoiceCreate'; id: number }
  | { kind: 'payment' }
  | ReorderUndo;

/** Rolls back one entry's optimistic effect. Called newest first, inside the discard transaction. */
export function rollback(db: Db, e: Entry): void {
  removePending(db, e.id);
  removePendingPayment(db, e.id);
  const u = e.undo as Undo | null;
  if (e.method === 'setReorderRule' || e.method === 'setPurchaseOrder') return rollbackReorder(db, e.id, u?.kind === 'reorderRule' ? u : null);
  if (!u) return;
  switch (u.kind) {
    case 'productCreate':
      deleteProduct(db, u.id);
      break;
    case 'productUpdate':
      if (u.prevLocal) writeLocalProduct(db, u.id, u.prev as ProductFields & Record<string, unknown>, true);
      else upsertServerProducts(db, [u.prev as unknown as ProductRecord]);
      break;
    case 'orderCreate':
      deleteOrder(db, u.id);
      break;
    case 'orderUpdate':
      saveOrder(db, u.id, u.id < 0, u.prevStatus, u.prev, new Date(0));
      setOrderStatus(db, u.id, u.prevStatus);
      break;
    case 'invoiceCreate':
      deleteInvoice(db, u.id);
      break;
    default:
      break;
  }
}

const localOf = (creates: string | null, kind: string): number | null => {
  if (!creates?.startsWith(`${kind}:`)) return null;
  return Number(creates.slice(kind.length + 1));
};

export const orderStatus = (finalize: number | undefined) => (finalize === 1 ? 'finalized' : finalize === 2 ? 'proposal' : 'open');

/** Applies the server's answer to the mirror; same transaction as marking the entry done. */
export function acknowledge(db: Db, e: Entry, result: unknown, now: Date): void {
  switch (e.method) {
    case 'setQuantity': {
      applySetQuantityAnswer(db, e.id, result as Result<'setQuantity'>);
      break;
    }
    case 'setProduct': {
      const r = result as Result<'setProduct'>;
      const local = localOf(e.creates, 'product');
      if (local !== null) {
        mapId(db, 'product', local, r.id);
        renumberProduct(db, local, r.id);
      }
      ackPending(db, e.id);
      markStale(db, r.id);
      break;
    }
    case 'setOrder': {
      const r = result as Result<'setOrder'>;
      const local = localOf(e.creates, 'order');
      if (local !== null) {
        mapId(db, 'order', local, r.order_id);
        renumberOrder(db, local, r.order_id, r.status);
      } else {
        setOrderStatus(db, r.order_id, r.status);
      }
      for (const it of (e.params as Params<'setOrder'>).items) markStale(db, it.product_id);
      break;
    }
    case 'setOrderItem': {
      for (const it of (e.params as Params<'setOrderItem'>).products) markStale(db, it.product_id);
      break;
    }
    case 'setInvoice': {
      const r = result as Result<'setInvoice'>;
      const local = localOf(e.creates, 'invoice');
      if (local !== null) {
        mapId(db, 'invoice', local, r.invoice_id);
        renumberInvoice(db, local, r, now);
      }
      const p = e.params as Params<'setInvoice'>;
      if (p.order_id && p.order_id > 0) setOrderStatus(db, p.order_id, 'shipped');
      // The server cancelled the original of a storno and converted the proforma an invoice came
      // from: shown at once, then both read again (balance, links, detail) before the sync ends.
      const original = p.storno_id === undefined ? null : resolveId(db, 'invoice', p.storno_id);
      if (original !== null) {
        setInvoiceStatus(db, original, 'cancelled');
        markInvoiceStale(db, original);
      }
      const proforma = p.from_proforma_id === undefined ? null : resolveId(db, 'invoice', p.from_proforma_id);
      if (proforma !== null) {
        setInvoiceStatus(db, proforma, 'converted');
        markInvoiceStale(db, proforma);
      }
      for (const it of p.items ?? []) if (it.product_id) markStale(db, it.product_id);
      break;
    }
    case 'setBalance': {
      removePendingPayment(db, e.id);
      const r = result as Result<'setBalance'>;
      setBalanceFromServer(db, r);
      // The cached detail lists the payments: read it again before the sync ends.
      markInvoiceStale(db, r.invoice_id);
      break;
    }
    case 'setTransfer': {
      applyTransferAnswer(db, e.id, result as Result<'setTransfer'>);
      break;
    }
    case 'setPOTakeIn': {
      ackPending(db, e.id);
      const po = purchaseOrder(db, (e.params as Params<'setPOTakeIn'>).PO);
      for (const l of po?.lines ?? []) markStale(db, l.product_id);
      // The order's received figures follow the server's answer (lines and status, when it gives them).
      foldReceiptAnswer(db, result as Result<'setPOTakeIn'>, now);
      break;
    }
    case 'setReorderRule':
    case 'setPurchaseOrder':
      acknowledgeReorder(db, e.id, e.method, e.params as Record<string, unknown>, result);
      break;
    default:
      break;
  }
}
