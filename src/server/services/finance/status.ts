/**
 * An invoice's status and balance, derived whenever it is read from its type, its links, the paid
 * sum, its payment date and today's date, so that "overdue" appears on the first day after the due
 * date without any job having to run.
 */
import { compareMoney, roundMoney, subMoney } from '@shared/money';
import type { INVOICE_STATUSES } from '@shared/protocol';
import type { InvoiceHeader } from '../../repos/invoices';

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What is still owed on the document: gross − paid on a live invoice, nothing on anything else. */
export function balanceOf(h: InvoiceHeader): string {
  if (h.type !== 'invoice' || h.cancelledBy !== undefined) return roundMoney('0', h.currency);
  return subMoney(h.totals.gross, h.paid, h.currency);
}

/**
 * proforma → proforma | converted; storno → storno; a stornoed invoice → cancelled; otherwise
 * paid (nothing left), overdue (something left after the payment date), partially_paid, unpaid.
 */
export function statusOf(h: InvoiceHeader, today: string): InvoiceStatus {
  if (h.type === 'proforma') return h.convertedTo !== undefined ? 'converted' : 'proforma';
  if (h.type === 'storno') return 'storno';
  if (h.cancelledBy !== undefined) return 'cancelled';
  const balance = balanceOf(h);
  if (compareMoney(balance, '0') <= 0) return 'paid';
  if (h.paymentDate < today) return 'overdue';
  return compareMoney(h.paid, '0') > 0 ? 'partially_paid' : 'unpaid';
}
