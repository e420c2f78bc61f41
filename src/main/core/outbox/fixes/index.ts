/**
 * The fixes a refusal's reason offers, as changes to the refused entry's parameters, one table row
 * per method (the method's own file). The sync centre offers exactly what `fixesFor` answers, worded
 * for the method; applying one goes through `edit`, so the new parameters are checked as the server
 * will check them and sent with a new request_id, and the effect shown here is redone for what is
 * now sent. A method without a row (setOrderItem, setInvoice shipping an order, …) and every other
 * reason offer no fix: the entry is edited or discarded.
 */
import type { Reason } from '@shared/protocol';
import { setOrderFixes } from './setOrder';
import { setQuantityFixes } from './setQuantity';
import { setTransferFixes } from './setTransfer';
import type { Fix, FixOffer, ShortageFixes } from './types';

export type { Fix, FixKind, FixOffer } from './types';

/** Methods whose `insufficient_stock` refusal has fixes. */
export const SHORTAGE_FIXES: Readonly<Record<string, ShortageFixes>> = {
  setQuantity: setQuantityFixes,
  setOrder: setOrderFixes,
  setTransfer: setTransferFixes,
};

interface Refused {
  method: string;
  params: Record<string, unknown>;
  reason: Reason | null;
}

/** Which fixes make sense for this refusal (besides discarding, which always does). */
export function fixesFor(e: Refused): FixOffer[] {
  const table = SHORTAGE_FIXES[e.method];
  if (e.reason?.reason !== 'insufficient_stock' || !table) return [];
  return table.offers(e.params, e.reason.figures);
}

/** The entry's parameters with the fix applied, or why the fix does not apply to it. */
export function applyFix(e: Refused, fix: Fix): { params: Record<string, unknown> } | { problem: string } {
  const table = SHORTAGE_FIXES[e.method];
  if (!table || e.reason?.reason !== 'insufficient_stock' || !fixesFor(e).some((o) => o.kind === fix.kind)) {
    return { problem: `The fix "${fix.kind}" does not apply to this refusal; edit or discard the entry instead.` };
  }
  return table.apply(structuredClone(e.params), e.reason.figures, fix);
}
