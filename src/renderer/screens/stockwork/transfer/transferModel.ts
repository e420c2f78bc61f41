/** The transfer being scanned: one source and one destination, product lines with quantities as typed. */
import type { ProductRow } from '@shared/ipc';
import { parseNumberInput } from '../../../lib/format';

export interface TransferLine { key: string; productId: number; name: string; unit: string; quantity: string }
export interface TransferDraft { from: string; fromBin: string; to: string; toBin: string; lines: TransferLine[] }

export const emptyTransfer = (from = 'Default'): TransferDraft => ({ from, fromBin: '', to: '', toBin: '', lines: [] });

export function isTransferDraft(v: unknown): v is TransferDraft {
  const d = v as TransferDraft;
  return !!d && typeof d.from === 'string' && typeof d.to === 'string' && typeof d.fromBin === 'string' && typeof d.toBin === 'string' && Array.isArray(d.lines);
}

/** A scan adds one of the product (a repeated scan counts up its line). */
export function addProduct(d: TransferDraft, p: ProductRow, key: () => string): TransferDraft {
  const found = d.lines.find((l) => l.productId === p.id);
  if (found) return { ...d, lines: d.lines.map((l) => (l === found ? { ...l, quantity: String((parseNumberInput(l.quantity) ?? 0) + 1) } : l)) };
  return { ...d, lines: [...d.lines, { key: key(), productId: p.id, name: p.name, unit: p.unit, quantity: '1' }] };
}

export type TransferProblem = 'chooseWarehouses' | 'samePlace' | 'noLines' | 'quantityProblem';

/** What keeps the transfer from being posted, in the order a clerk fixes it. */
export function problemOf(d: TransferDraft): TransferProblem | null {
  if (!d.from || !d.to) return 'chooseWarehouses';
  if (d.from.toLowerCase() === d.to.toLowerCase() && d.fromBin.trim() === d.toBin.trim()) return 'samePlace';
  if (d.lines.length === 0) return 'noLines';
  if (d.lines.some((l) => !((parseNumberInput(l.quantity) ?? 0) > 0))) return 'quantityProblem';
  return null;
}

export const toRequest = (d: TransferDraft) => ({
  lines: d.lines.map((l) => ({
    productId: l.productId, quantity: parseNumberInput(l.quantity)!, fromWarehouse: d.from, fromStockLabel: d.fromBin.trim(), toWarehouse: d.to, toStockLabel: d.toBin.trim(),
  })),
});
