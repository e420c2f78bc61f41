/** What the server knows of an invoice: its lines, VAT summary, retentions, payments and e-mail. */
import { useTranslation } from 'react-i18next';
import type { InvoiceRow, ResultOf } from '@shared/ipc';
import { useFormat } from '@renderer/lib/useFormat';

type Detail = NonNullable<ResultOf<'invoices.get'>>['detail'];

export function InvoiceSummary({ row, detail }: { row: InvoiceRow; detail: Detail }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  if (!detail) return <p className="notice info">{row.local ? t('invoice.localDetail') : t('invoice.noDetail')}</p>;
  const cur = detail.currency;
  return (
    <>
      <section className="panel" aria-label={t('lines.title')}>
        <div className="panel-title">
          <h2>{t('lines.title')}</h2>
        </div>
        <div className="table-wrap">
          <table className="grid">
            <thead>
              <tr>
                <th>{t('lines.name')}</th>
                <th className="num">{t('lines.quantity')}</th>
                <th className="num">{t('lines.unitPrice', { currency: cur })}</th>
                <th className="num">{t('lines.discount')}</th>
                <th className="num">{t('lines.vatRate')}</th>
                <th className="num">{t('lines.gross')}</th>
              </tr>
            </thead>
            <tbody>
              {detail.items.map((l) => (
                <tr key={l.line_no}>
                  <td className="wrap">{l.name}{l.deposit === 1 ? ` (${t('lines.deposit')})` : ''}</td>
                  <td className="num">{f.qty(l.quantity)} {l.unit}</td>
                  <td className="num">{f.amount(l.unit_price, cur)}</td>
                  <td className="num">{l.discount} %</td>
                  <td className="num">{l.vat} %</td>
                  <td className="num">{f.amount(l.gross, cur)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <td colSpan={5}>{t('totals.grossTotal')}</td>
                <td className="num">{f.money(detail.totals.gross, cur)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      {detail.retentions.length > 0 && (
        <section className="panel" aria-label={t('retentions.name')}>
          <div className="panel-body">
            <ul className="billing-plain">
              {detail.retentions.map((r, i) => (
                <li key={i}>
                  {r.name}: {f.money(r.amount, cur)} — {f.date(r.due_date)}
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
      <section className="panel" aria-label={t('payment.history')}>
        <div className="panel-title">
          <h2>{t('payment.history')}</h2>
        </div>
        <div className="panel-body">
          {detail.payments.length === 0 ? (
            <p className="empty">{t('payment.none')}</p>
          ) : (
            <table className="grid">
              <tbody>
                {detail.payments.map((p) => (
                  <tr key={p.payment_id}>
                    <td>{f.date(p.date)}</td>
                    <td className="num">{f.money(p.amount, cur)}</td>
                    <td className="wrap">{p.note}</td>
                    <td data-testid="payment-created-by">{p.created_by ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {detail.email_status.status !== 'not_requested' && (
            <p className="field-hint">{t(`emailStatus.${detail.email_status.status}`, { to: detail.email_status.to ?? '' })}</p>
          )}
        </div>
      </section>
    </>
  );
}
