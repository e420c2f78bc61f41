/**
 * The VAT summary and totals of the form being typed, as @shared/money computes them (and so as
 * the server will). Amounts arrive as exact decimal strings; they are only formatted here.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@renderer/lib/useFormat';
import type { LiveTotals } from '@renderer/lib/lineMath';

export function TotalsPanel({ totals, currency }: { totals: LiveTotals; currency: string }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const { doc, complete } = totals;
  const huf = doc.totals.netHuf !== undefined;
  const a = (s: string | undefined, cur = currency) => (s === undefined ? '' : f.amount(Number(s), cur));
  return (
    <section className="panel billing-totals" aria-label={t('totals.title')}>
      <div className="panel-title">
        <h2>{t('totals.title')}</h2>
      </div>
      <div className="panel-body">
        {!complete && (
          <p className="notice warn" role="status">
            {totals.fxProblem ? t('totals.fxProblem') : t('totals.incomplete')}
          </p>
        )}
        <table className="grid billing-vat-summary">
          <thead>
            <tr>
              <th>{t('totals.vatRate')}</th>
              <th className="num">{t('totals.net', { currency })}</th>
              <th className="num">{t('totals.vat', { currency })}</th>
              <th className="num">{t('totals.gross', { currency })}</th>
              {huf && <th className="num">{t('totals.net', { currency: 'HUF' })}</th>}
              {huf && <th className="num">{t('totals.vat', { currency: 'HUF' })}</th>}
            </tr>
          </thead>
          <tbody>
            {doc.vatSummary.map((r) => (
              <tr key={r.vatRate}>
                <td>{r.vatRate} %</td>
                <td className="num">{a(r.net)}</td>
                <td className="num">{a(r.vat)}</td>
                <td className="num">{a(r.gross)}</td>
                {huf && <td className="num">{a(r.netHuf, 'HUF')}</td>}
                {huf && <td className="num">{a(r.vatHuf, 'HUF')}</td>}
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="billing-grand" data-testid="totals">
          <div>
            <dt>{t('totals.netTotal')}</dt>
            <dd data-testid="total-net">{f.money(Number(doc.totals.net), currency)}</dd>
          </div>
          <div>
            <dt>{t('totals.vatTotal')}</dt>
            <dd data-testid="total-vat">{f.money(Number(doc.totals.vat), currency)}</dd>
          </div>
          <div className="billing-grand-gross">
            <dt>{t('totals.grossTotal')}</dt>
            <dd data-testid="total-gross">{f.money(Number(doc.totals.gross), currency)}</dd>
          </div>
          {huf && (
            <div className="billing-grand-huf">
              <dt>{t('totals.grossHuf')}</dt>
              <dd data-testid="total-gross-huf">{f.money(Number(doc.totals.grossHuf ?? '0'), 'HUF')}</dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}

/** The lines panel of an order or invoice with the totals and the actions under it. */
export function LinesAndTotals({ itemsError, totals, currency, actions, children }: {
  itemsError?: string | undefined;
  totals: LiveTotals;
  currency: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('billing');
  return (
    <>
      <section className="panel" aria-label={t('lines.title')}>
        <div className="panel-title">
          <h2>{t('lines.title')}</h2>
          {itemsError && (
            <span className="field-error" role="alert">
              {itemsError}
            </span>
          )}
        </div>
        <div className="panel-body stack">{children}</div>
      </section>
      <div className="billing-bottom">
        <TotalsPanel totals={totals} currency={currency} />
        {actions}
      </div>
    </>
  );
}
