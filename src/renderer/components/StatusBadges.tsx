/** Status words as the shell's badges: one colour per meaning across orders, invoices and the outbox. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceRow, OrderView, OutboxState } from '@shared/ipc';
import { refusalReason } from '@renderer/screens/billing/orders/orderState';
import type { LooseT } from '@renderer/lib/formResolver';

const INVOICE_TONE: Record<string, string> = {
  unpaid: 'info', partially_paid: 'warn', paid: 'ok', overdue: 'danger', cancelled: '', storno: '', proforma: 'info', converted: '', draft: 'pending',
};

type InvoiceStatusKey = 'unpaid' | 'partially_paid' | 'paid' | 'overdue' | 'cancelled' | 'storno' | 'proforma' | 'converted' | 'draft';
const INVOICE_STATUS_KEYS = new Set<string>(Object.keys(INVOICE_TONE));

export function InvoiceStatusBadge({ row }: { row: Pick<InvoiceRow, 'status' | 'overdue'> }) {
  const { t } = useTranslation('billing');
  const status = row.overdue && (row.status === 'unpaid' || row.status === 'partially_paid') ? 'overdue' : row.status;
  const label = INVOICE_STATUS_KEYS.has(status) ? t(`invoiceStatus.${status as InvoiceStatusKey}`) : status;
  return <span className={`badge ${INVOICE_TONE[status] ?? ''}`}>{label}</span>;
}

type OrderStatusKey = 'open' | 'finalized' | 'proposal' | 'shipped' | 'cancelled';
const ORDER_TONE: Record<OrderStatusKey, string> = { open: 'info', finalized: 'ok', proposal: '', shipped: 'ok', cancelled: '' };

export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('billing');
  const known = status in ORDER_TONE ? (status as OrderStatusKey) : null;
  return <span className={`badge ${known ? ORDER_TONE[known] : ''}`}>{known ? t(`orderStatus.${known}`) : status}</span>;
}

/** The clerk's own change still on its way to the server. */
export function OutboxBadge({ state }: { state: OutboxState | null }) {
  const { t } = useTranslation('billing');
  if (state === null || state === 'done' || state === 'discarded') return null;
  // The sync centre shows the server's words and lets the clerk fix and resend, or discard.
  if (state === 'needs_attention')
    return (
      <Link to="/sync" className="badge danger" title={t('outbox.needsAttentionHint')}>
        {t('outbox.needsAttention')}
      </Link>
    );
  return <span className="badge pending" title={t('outbox.pendingHint')}>{t('outbox.pending')}</span>;
}

/**
 * What the desk knows of an order, never more: refused by the server (with the reason), invoiced
 * (pending until the server numbers the invoice), or its status — pending while a change is on its way.
 */
export function OrderStateBadge({ order }: { order: OrderView }) {
  const { t } = useTranslation('billing');
  if (order.refusal)
    return (
      <span className="billing-state">
        <Link to="/sync" className="badge danger" title={order.refusal.message}>
          {t('orderStatus.refused')}
        </Link>{' '}
        <span className="cell-error">{refusalReason(t as unknown as LooseT, order)}</span>
      </span>
    );
  if (order.invoice)
    return (
      <span className="billing-state">
        <span className="badge ok">{t('orderStatus.invoiced')}</span> {order.invoice.pending ? <OutboxBadge state="queued" /> : null}
        {order.invoice.number ? <span className="muted" data-testid="order-invoice-number">{t('order.invoiceNumber', { number: order.invoice.number })}</span> : null}
      </span>
    );
  return <OrderStatusBadge status={order.status} />;
}
