import { useTranslation } from 'react-i18next';
import type { ReceivingOrder } from '@shared/ipc';
import { warehouseLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';

/** The open purchase orders kept in the mirror, to pick one from (or scan its code). */
export function OpenOrders({ orders, onPick }: { orders: ReceivingOrder[]; onPick: (o: ReceivingOrder) => void }) {
  const { t } = useTranslation('receiving');
  const { t: tc } = useTranslation();
  const f = useFormat();
  return (
    <div className="panel" data-testid="receiving-orders">
      <div className="panel-title"><h2>{t('openTitle')}</h2></div>
      {orders.length === 0 ? <p className="panel-body muted">{t('noneOpen')}</p> : (
        <table className="grid">
          <thead>
            <tr>
              <th>{t('col.order')}</th>
              <th>{t('supplier')}</th>
              <th>{t('warehouse')}</th>
              <th>{t('created')}</th>
              <th className="num">{t('col.remaining')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.poId}>
                <td>
                  <button type="button" className="btn link" onClick={() => onPick(o)} title={t('pick', { code: o.projectCode })} data-testid={`receiving-pick-${o.poId}`}>
                    {o.projectCode}
                  </button>{' '}
                  <span className="muted">{t(`status.${o.receivingStatus}` as 'status.open', { defaultValue: o.receivingStatus })}</span>
                </td>
                <td>{o.supplier}</td>
                <td>{warehouseLabel(tc, o.warehouse)}</td>
                <td>{f.dateTime(o.createdAt)}</td>
                <td className="num">{f.qty(o.lines.reduce((s, l) => s + l.remaining, 0))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
