import { useTranslation } from 'react-i18next';
import type { ReceivingOrder } from '@shared/ipc';
import { warehouseLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';

/** The order's expected lines: expected / received / queued / remaining, and what is scanned now against them. */
export function OrderLines({ order, scanned, over }: { order: ReceivingOrder; scanned: Map<number, number>; over: Map<number, number> }) {
  const { t } = useTranslation('receiving');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const status = t(`status.${order.receivingStatus}` as 'status.open', { defaultValue: order.receivingStatus });
  return (
    <div className="panel" data-testid="receiving-order">
      <div className="panel-title">
        <h2>{order.projectCode}</h2>
        <span className={`badge ${order.receivingStatus === 'open' ? 'info' : 'warn'}`} data-testid="receiving-order-status">{status}</span>
      </div>
      <div className="panel-body">
        <dl className="kv">
          <dt>{t('supplier')}</dt><dd>{order.supplier}</dd>
          <dt>{t('warehouse')}</dt><dd>{warehouseLabel(tc, order.warehouse)}</dd>
          <dt>{t('created')}</dt><dd>{f.dateTime(order.createdAt)}</dd>
        </dl>
      </div>
      <table className="grid" data-testid="receiving-expected">
        <thead>
          <tr>
            <th>{t('col.product')}</th>
            <th className="num">{t('col.expected')}</th>
            <th className="num">{t('col.received')}</th>
            <th className="num">{t('col.pending')}</th>
            <th className="num">{t('col.remaining')}</th>
            <th className="num">{t('col.scanned')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l, i) => {
            const now = scanned.get(l.productId) ?? 0;
            const excess = over.get(l.productId);
            return (
              <tr key={`${l.productId}-${i}`} data-testid={`receiving-line-${l.productId}`} className={excess ? 'warn' : undefined}>
                <td>{l.productName}</td>
                <td className="num">{f.qty(l.expected)}</td>
                <td className="num" data-testid={`receiving-received-${l.productId}`}>{f.qty(l.received)}</td>
                <td className="num" data-testid={`receiving-pending-${l.productId}`}>{l.pending ? f.qty(l.pending) : ''}</td>
                <td className="num" data-testid={`receiving-remaining-${l.productId}`}>{f.qty(l.remaining)}</td>
                <td className="num" data-testid={`receiving-scanned-${l.productId}`}>{now ? f.qty(now) : ''}</td>
                <td>
                  {excess ? <span className="badge danger">{t('lineOver', { over: f.qty(excess) })}</span>
                    : l.remaining > 0 && now >= l.remaining ? <span className="badge ok">{t('lineDone')}</span> : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
