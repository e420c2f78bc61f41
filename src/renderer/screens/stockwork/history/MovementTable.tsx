import { useTranslation } from 'react-i18next';
import type { Movement } from '@shared/protocol';
import { placeLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';

/** The document a movement came from, in the clerk's words; the most specific one first. */
function useDocument() {
  const { t } = useTranslation('stockwork');
  return (m: Movement) =>
    m.transfer_id !== undefined ? t('history.doc.transfer', { id: m.transfer_id })
      : m.invoice_id !== undefined ? t('history.doc.invoice', { id: m.invoice_id })
        : m.po_id !== undefined ? t('history.doc.po', { id: m.po_id })
          : m.order_id !== undefined ? t('history.doc.order', { id: m.order_id })
            : '';
}

export function MovementTable({ movements, unit }: { movements: Movement[]; unit: string }) {
  const { t } = useTranslation('stockwork');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const documentOf = useDocument();
  return (
    <div className="panel table-wrap">
      <table className="grid" data-testid="history-table">
        <thead>
          <tr>
            <th>{t('history.col.date')}</th>
            <th>{t('history.col.kind')}</th>
            <th>{t('history.col.place')}</th>
            <th className="num">{t('history.col.quantity')}</th>
            <th className="num">{t('history.col.balance')}</th>
            <th className="num">{t('history.col.price')}</th>
            <th>{t('history.col.partner')}</th>
            <th>{t('history.col.document')}</th>
            <th>{t('history.col.postedBy')}</th>
          </tr>
        </thead>
        <tbody>
          {movements.map((m) => (
            <tr key={`${m.receipt_id}-${m.line}`} data-testid={`movement-${m.receipt_id}-${m.line}`}>
              <td className="tabular" title={f.dateTime(m.posted_at)}>{f.date(m.date)}</td>
              <td>{t(`history.kind.${m.kind}`)}</td>
              <td>{placeLabel(tc, m.warehouse, m.stock_label)}</td>
              <td className={`num tabular ${m.quantity < 0 ? 'negative' : ''}`}>{f.signed(m.quantity)} {unit}</td>
              <td className="num tabular" data-testid="movement-balance">{f.qty(m.balance)}</td>
              <td className="num tabular">{m.price !== undefined && m.currency ? f.money(m.price, m.currency) : ''}</td>
              <td>{m.partner ?? ''}</td>
              <td>{documentOf(m)}</td>
              <td data-testid="movement-posted-by">{m.created_by ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
