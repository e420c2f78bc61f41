/**
 * The fixes a refusal's reason offers, as changes to the refused entry's parameters. The sync
 * centre offers only those that fit the reason and the method (fixesFor); applying one goes through
 * `edit`, so the new parameters are checked as the server will check them and sent with a new
 * request_id, and the effect shown here is redone for what is now sent.
 */
import type { Reason } from '@shared/protocol';

export type Fix = { kind: 'take_available' } | { kind: 'other_place'; warehouse: string; stockLabel: string } | { kind: 'back_order' };
export type FixKind = Fix['kind'];

interface Refused {
  method: string;
  params: Record<string, unknown>;
  reason: Reason | null;
}

/** Which fixes make sense for this refusal (besides discarding, which always does). */
export function fixesFor(e: Refused): FixKind[] {
  const r = e.reason;
  if (r?.reason !== 'insufficient_stock') return [];
  const out: FixKind[] = [];
  if (e.method === 'setQuantity') {
    if (r.figures.available > 0) out.push('take_available');
    out.push('other_place');
  } else if (e.method === 'setOrder' && r.figures.line !== undefined) {
    if (r.figures.available > 0) out.push('take_available');
    out.push('other_place', 'back_order');
  }
  return out;
}

/** The entry's parameters with the fix applied, or why the fix does not apply to it. */
export function applyFix(e: Refused, fix: Fix): { params: Record<string, unknown> } | { problem: string } {
  if (!fixesFor(e).includes(fix.kind) || e.reason?.reason !== 'insufficient_stock') {
    return { problem: `The fix "${fix.kind}" does not apply to this refusal; edit or discard the entry instead.` };
  }
  const f = e.reason.figures;
  const p = structuredClone(e.params);
  if (e.method === 'setQuantity') {
    if (fix.kind === 'take_available') p.quantity = -f.available;
    if (fix.kind === 'other_place') {
      p.warehouse = fix.warehouse;
      if (fix.stockLabel) p.stock_label = fix.stockLabel;
      else delete p.stock_label;
    }
    return { params: p };
  }
  // setOrder: the refused line is figures.line.
  const items = Array.isArray(p.items) ? (p.items as Array<Record<string, unknown>>) : [];
  const line = f.line !== undefined ? items[f.line] : undefined;
  if (!line) return { problem: `The order no longer has line ${String(f.line)}; edit or discard the entry instead.` };
  if (fix.kind === 'take_available') line.quantity = f.available;
  if (fix.kind === 'other_place') p.warehouse = fix.warehouse;
  if (fix.kind === 'back_order') p.order_all = 1;
  return { params: p };
}
