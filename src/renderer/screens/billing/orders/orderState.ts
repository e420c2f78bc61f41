/**
 * What a clerk may do with an order, from what the desk knows of it: a refused or invoiced order
 * is not invoiced (again); and the refusal's reason in the clerk's words.
 */
import type { OrderView } from '@shared/ipc';
import type { LooseT } from '@renderer/lib/formResolver';

/** Invoicing is offered only for an order the server has not refused and nobody invoiced yet. */
export const canInvoice = (o: OrderView) => o.refusal === null && o.invoice === null && (o.status === 'open' || o.status === 'finalized');

/** Editing: an open order with no refusal waiting (the sync centre is where a refused change is fixed). */
export const canEdit = (o: OrderView) => o.refusal === null && o.status === 'open';

/**
 * The refusal in the clerk's language: a stock shortage names the product (the server's detail
 * points at the line); anything else is the error's own sentence. The server's words stay in the
 * badge's tooltip and in the sync centre.
 */
export function refusalReason(t: LooseT, o: OrderView): string {
  const r = o.refusal;
  if (!r) return '';
  const line = r.details.map((d) => /items\[(\d+)\]\.quantity$/.exec(d.field)).find((m) => m !== null);
  const name = line ? o.lines[Number(line[1])]?.name : undefined;
  if (r.code === 'CONFLICT' && name !== undefined) return t('order.refusedStock', { name, warehouse: o.warehouse });
  return t(`common:errors.${r.code}`, { defaultValue: r.message });
}
