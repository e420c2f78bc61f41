/**
 * The account's orders (every desk's, from the server, and this desk's not yet sent), newest first,
 * found by number or customer: status, customer, total; open ones can be edited,
 * open and finalized ones invoiced. The status panel asks the server (orders.status) for payment
 * and shipment. Arrow keys move between rows; Enter edits an open order or shows the status.
 */
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OrderView } from '@shared/ipc';
import { Screen } from '@renderer/components/Screen';
import { useChannel } from '@renderer/lib/ipc';
import { useFormat } from '@renderer/lib/useFormat';
import { OrderStateBadge, OrderStatusBadge, OutboxBadge } from '@renderer/components/StatusBadges';
import { canEdit, canInvoice } from './orderState';

export function OrdersListScreen() {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const navigate = useNavigate();
  const orders = useChannel('orders.list', {});
  const [statusOf, setStatusOf] = useState<OrderView | null>(null);
  const [query, setQuery] = useState('');
  const rows = (orders.data ?? []).filter((o) => matches(o, query));

  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, o: OrderView) => {
    if (e.key === 'Enter') {
      if (canEdit(o)) void navigate(`/orders/${o.id}`);
      else setStatusOf(o);
    } else if (e.key === 'ArrowDown') (e.currentTarget.nextElementSibling as HTMLElement | null)?.focus();
    else if (e.key === 'ArrowUp') (e.currentTarget.previousElementSibling as HTMLElement | null)?.focus();
    else return;
    e.preventDefault();
  };

  return (
    <Screen
      title={t('nav.orders')}
      className="billing-detail"
      actions={
        <Link className="btn primary" to="/orders/new">
          {t('order.new')}
        </Link>
      }
    >
      {orders.error && <p className="notice error" role="alert">{orders.error.message}</p>}
      <div className="toolbar">
        <label htmlFor="orders-search">{t('order.search')}</label>
        <input id="orders-search" type="search" value={query} placeholder={t('order.searchHint')} size={32} onChange={(e) => setQuery(e.target.value)} data-testid="orders-search" />
      </div>
      <div className={statusOf ? 'billing-detail-grid billing-orders-grid' : undefined}>
        <div className="table-wrap">
          <table className="grid" aria-label={t('nav.orders')}>
            <thead>
              <tr>
                <th>{t('order.number')}</th>
                <th>{t('order.issuedDate')}</th>
                <th>{t('list.customer')}</th>
                <th>{t('order.warehouse')}</th>
                <th>{t('list.status')}</th>
                <th className="num">{t('list.total')}</th>
                <th aria-label={t('lines.actions')} />
              </tr>
            </thead>
            <tbody>
              {rows.map((o) => (
                <tr key={o.id} tabIndex={0} className={statusOf?.id === o.id ? 'selected' : undefined} onKeyDown={(e) => onRowKey(e, o)} data-testid={`order-row-${o.id}`}>
                  <td className="wrap">
                    {o.local ? <em>{t('order.notSent')}</em> : `#${o.serverId ?? o.id}`} <OutboxBadge state={o.outboxState} />
                    {/* Under the number, not a column of its own: the list must keep fitting beside the status panel. */}
                    {o.madeBy ? <div className="muted" data-testid="order-made-by">{t('order.madeBy')}: {o.madeBy}</div> : null}
                  </td>
                  <td>{f.date(o.issuedDate)}</td>
                  <td className="wrap">{o.contactName}</td>
                  <td className="wrap">{o.warehouse === '*' ? t('order.warehouseAny') : o.warehouse}</td>
                  <td className="wrap">
                    <OrderStateBadge order={o} />
                  </td>
                  <td className="num">{f.money(o.totals.gross, o.currency)}</td>
                  <td className="billing-row-actions">
                    {canEdit(o) && (
                      <Link className="btn small" to={`/orders/${o.id}`} tabIndex={-1}>
                        {t('order.edit')}
                      </Link>
                    )}
                    {canInvoice(o) && (
                      <Link className="btn small" to={`/invoices/new?order=${o.id}`} tabIndex={-1}>
                        {t('order.invoiceIt')}
                      </Link>
                    )}
                    <button type="button" className="btn small" tabIndex={-1} onClick={() => setStatusOf(o)}>
                      {t('order.status')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {!orders.isPending && rows.length === 0 && <p className="empty">{query.trim() ? t('order.noMatch', { q: query.trim() }) : t('order.none')}</p>}
        </div>
        {statusOf ? <OrderStatusPanel order={statusOf} onClose={() => setStatusOf(null)} /> : null}
      </div>
    </Screen>
  );
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** An order matches a query by its number (with or without "#") or by its customer's name (accents and case aside). */
function matches(o: OrderView, query: string): boolean {
  const q = query.trim();
  if (q === '') return true;
  const digits = q.replace(/^#/, '');
  if (/^\d+$/.test(digits) && o.serverId !== null && String(o.serverId).startsWith(digits)) return true;
  return fold(o.contactName).includes(fold(q));
}

function OrderStatusPanel({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const q = useChannel('orders.status', { id: order.id });
  const s = q.data;
  return (
    <section className="panel" aria-label={t('order.statusTitle', { id: order.serverId ?? order.id })}>
      <div className="panel-title">
        <h2>{t('order.statusTitle', { id: order.serverId ?? order.id })}</h2>
        <span className="spacer" />
        <button type="button" className="btn small link" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      <div className="panel-body">
        {q.isPending ? (
          <p className="empty">{t('common.loading')}</p>
        ) : q.error ? (
          <p className="notice error" role="alert">{q.error.code === 'OFFLINE' ? t('order.statusOffline') : q.error.message}</p>
        ) : !s ? (
          <p className="notice info">{t('order.statusLocal')}</p>
        ) : (
          <dl className="kv billing-kv" data-testid="order-status">
            <dt>{t('list.status')}</dt>
            <dd><OrderStatusBadge status={s.status} /></dd>
            <dt>{t('order.paymentStatus')}</dt>
            <dd>{t(`paymentStatus.${s.payment_status}` as 'paymentStatus.paid', { defaultValue: s.payment_status })}</dd>
            <dt>{t('order.shipment')}</dt>
            <dd>{t(`shipmentStatus.${s.shipment.status}` as 'shipmentStatus.shipped', { defaultValue: s.shipment.status })}{s.shipment.shipped_date ? ` — ${f.date(s.shipment.shipped_date)}` : ''}</dd>
            <dt>{t('list.total')}</dt>
            <dd className="num">{f.money(s.totals.gross, s.currency)}</dd>
            <dt>{t('order.invoices')}</dt>
            <dd>
              {s.invoice_ids.length === 0
                ? '—'
                : s.invoice_ids.map((id) => (
                    <Link key={id} to={`/invoices/${id}`}>
                      #{id}{' '}
                    </Link>
                  ))}
            </dd>
          </dl>
        )}
      </div>
    </section>
  );
}
