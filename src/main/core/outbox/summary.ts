/**
 * An entry's summary data after its parameters changed (a fix, an edit): the sync centre's sent log
 * then says what was actually sent — "6 ×" after "take what is available", not the 10 first asked for.
 */
import type { OutboxSummary } from '@shared/ipc/types';

/** "Default (A-01)": a warehouse with its stock label, as the English summaries name a place. */
export const placeOf = (warehouse: string, label?: string) => (label ? `${warehouse} (${label})` : warehouse);

export function resummarize(prev: OutboxSummary | null, method: string, params: Record<string, unknown>): OutboxSummary | null {
  if (!prev || method !== 'setQuantity') return prev;
  const quantity = typeof params.quantity === 'number' ? params.quantity : null;
  const warehouse = typeof params.warehouse === 'string' ? params.warehouse : null;
  if (quantity === null || warehouse === null) return prev;
  const label = typeof params.stock_label === 'string' ? params.stock_label : '';
  if (prev.kind === 'takeIn' || prev.kind === 'wasting') {
    return { kind: quantity > 0 ? 'takeIn' : 'wasting', args: { quantity: Math.abs(quantity), product: prev.args.product, place: placeOf(warehouse, label), warehouse, stockLabel: label } };
  }
  if (prev.kind === 'count') return { kind: 'count', args: { ...prev.args, counted: prev.args.expected + quantity, place: placeOf(warehouse, label), warehouse, stockLabel: label } };
  return prev;
}
