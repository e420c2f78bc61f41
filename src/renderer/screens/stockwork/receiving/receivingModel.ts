/**
 * What the clerk has scanned against one purchase order, as typed (quantities and dates as text),
 * and how it compares with the order's expected lines: over-receipts and problems shown before
 * anything is sent.
 */
import type { ProductRow, ReceivingOrder, RequestOf } from '@shared/ipc';
import { isCalendarDate } from '@shared/protocol/fields';
import { parseNumberInput } from '../../../lib/format';

export interface ScanLine { key: string; productId: number; name: string; unit: string; quantity: string; batchNo: string; expireDate: string }
export interface ReceivingDraft { poId: number | null; bin: string; lines: ScanLine[] }

export const emptyReceiving = (poId: number | null = null): ReceivingDraft => ({ poId, bin: '', lines: [] });

export function isReceivingDraft(v: unknown): v is ReceivingDraft {
  const d = v as ReceivingDraft;
  return !!d && (d.poId === null || typeof d.poId === 'number') && typeof d.bin === 'string' && Array.isArray(d.lines);
}

/** A scan of a product on the order adds one to its line; a product not on the order is refused (the screen warns). */
export function addScan(d: ReceivingDraft, order: ReceivingOrder, p: ProductRow, key: () => string): ReceivingDraft | null {
  if (!order.lines.some((l) => l.productId === p.id)) return null;
  const found = d.lines.find((l) => l.productId === p.id);
  if (found) return { ...d, lines: d.lines.map((l) => (l === found ? { ...l, quantity: String((parseNumberInput(l.quantity) ?? 0) + 1) } : l)) };
  return { ...d, lines: [...d.lines, { key: key(), productId: p.id, name: p.name, unit: p.unit, quantity: '1', batchNo: '', expireDate: '' }] };
}

/** Scanned now per product (a product may be on several scanned lines, one per batch). */
export function scannedOf(d: ReceivingDraft): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of d.lines) {
    const q = parseNumberInput(l.quantity);
    if (q !== null && !Number.isNaN(q) && q > 0) out.set(l.productId, (out.get(l.productId) ?? 0) + q);
  }
  return out;
}

/** Products scanned beyond what the order still expects (after what is already queued): product → excess. */
export function overOf(d: ReceivingDraft, order: ReceivingOrder): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, q] of scannedOf(d)) {
    const remaining = order.lines.filter((l) => l.productId === id).reduce((s, l) => s + l.remaining, 0);
    if (q > remaining + 1e-9) out.set(id, Math.round((q - remaining) * 1000) / 1000);
  }
  return out;
}

export type ReceivingProblem = 'over' | 'quantityProblem' | 'dateProblem';

/** What keeps "receive what was scanned" from being posted. */
export function problemOf(d: ReceivingDraft, order: ReceivingOrder): ReceivingProblem | null {
  if (d.lines.some((l) => { const q = parseNumberInput(l.quantity); return q === null || Number.isNaN(q) || q <= 0; })) return 'quantityProblem';
  if (d.lines.some((l) => l.expireDate && !(/^\d{4}-\d{2}-\d{2}$/.test(l.expireDate) && isCalendarDate(l.expireDate)))) return 'dateProblem';
  if (overOf(d, order).size > 0) return 'over';
  return null;
}

export const toRequest = (d: ReceivingDraft, poId: number, close: boolean): RequestOf<'receiving.post'> => ({
  poId,
  stockLabel: d.bin.trim(),
  close,
  lines: d.lines.map((l) => ({
    productId: l.productId, quantity: parseNumberInput(l.quantity)!,
    ...(l.batchNo.trim() ? { batchNo: l.batchNo.trim() } : {}), ...(l.expireDate ? { expireDate: l.expireDate } : {}),
  })),
});
