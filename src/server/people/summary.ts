/**
 * The audit trail's one line per accepted write: what it changed, from the request's parameters and
 * the handler's answer, e.g. "setQuantity product 12 Budapest +5 (receipt 40)". Plain text for an
 * operator reading `admin audit`; never the keys, never a whole document.
 */
import type { Params, Result, WriteMethod } from '@shared/protocol';

const MAX = 300;
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
const bin = (label: string | undefined) => (label ? `/${label}` : '');

type Summaries = { [M in WriteMethod]: (p: Params<M>, r: Result<M>) => string };

const SUMMARIES: Summaries = {
  setProduct: (p, r) => `${r.created ? 'created' : 'updated'} product ${r.id} "${p.product_name}"${r.takein_receipt_id ? ` (take-in receipt ${r.takein_receipt_id})` : ''}`,
  setQuantity: (p, r) => `product ${p.product_id} ${p.warehouse}${bin(p.stock_label)} ${signed(p.quantity)} (${r.receipt_type} receipt ${r.receipt_id})`,
  setOrder: (p, r) => `${p.id ? 'updated' : 'created'} order ${r.order_id} (${p.items.length} item${p.items.length === 1 ? '' : 's'}, ${r.status})`,
  setOrderItem: (p, r) => `order ${r.order_id}: ${p.products.map((x) => `product ${x.product_id} → ${x.new_quantity}`).join(', ')}`,
  setPOTakeIn: (_p, r) => `received purchase order ${r.po_id} (${r.receipts.length} receipt${r.receipts.length === 1 ? '' : 's'}, ${r.status})`,
  setWarehouse: (p, r) => `created warehouse ${r.id} "${p.name}"`,
  setWarehouseItem: (_p, r) => `order ${r.order_id} product ${r.product_id} from ${r.warehouse}: ${r.quantity}`,
  setInvoice: (p, r) => `issued ${r.type} ${r.invoice_number} (id ${r.invoice_id})${p.storno_id ? ` cancelling invoice ${p.storno_id}` : ''}, gross ${r.totals.gross} ${p.currency}`,
  setBalance: (p, r) => `payment ${r.payment_id} of ${signed(p.amount)} on invoice ${r.invoice_id} (${r.status})`,
  generateInvoice: (_p, r) => `tax-authority submission ${r.submission_id} of invoice ${r.invoice_id} (${r.status})`,
  annulInvoice: (p, r) => `technical annulment ${r.submission_id} of invoice ${r.invoice_id} (${p.code}, ${r.status})`,
  setReorderRule: (p, r) => (r.removed ? `removed the reorder rule of product ${p.product_id}${p.warehouse ? ` in ${p.warehouse}` : ''}` : `reorder rule ${r.rule_id}: product ${p.product_id}${p.warehouse ? ` in ${p.warehouse}` : ' (all warehouses)'} min ${p.min_quantity}, reorder ${p.reorder_quantity}`),
  setPurchaseOrder: (p, r) => `created purchase order ${r.project_code} (id ${r.po_id}) from contact ${p.contact_id} into ${r.warehouse}, ${p.lines.length} line${p.lines.length === 1 ? '' : 's'}`,
  setTransfer: (p, r) => `transfer ${r.transfer_id}: ${p.lines.map((l) => `product ${l.product_id} ${l.quantity} ${l.from_warehouse}${bin(l.from_stock_label)} → ${l.to_warehouse}${bin(l.to_stock_label)}`).join('; ')}`,
};

export function auditSummary(method: WriteMethod, params: unknown, result: unknown): string {
  const line = `${method} ${(SUMMARIES[method] as (p: unknown, r: unknown) => string)(params, result)}`.replace(/\s+/g, ' ');
  return line.length > MAX ? `${line.slice(0, MAX - 1)}…` : line;
}
