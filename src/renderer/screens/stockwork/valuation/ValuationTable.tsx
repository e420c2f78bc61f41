import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { StockValuation } from '@shared/ipc';
import { warehouseLabel } from '../../../components/pickers';
import { useFormat } from '../../../lib/useFormat';
import { INTL_LOCALE } from '../../../i18n/types';

type Line = StockValuation['lines'][number];

/** Lines in runs of one warehouse, and within it of one product group (the server sorted them so). */
function runs<T>(items: T[], key: (t: T) => string): T[][] {
  const out: T[][] = [];
  for (const it of items) {
    const last = out.at(-1);
    if (last && key(last[0]!) === key(it)) last.push(it);
    else out.push([it]);
  }
  return out;
}

/**
 * The valuation grouped by warehouse and product group. Subtotals and the total are the server's
 * (sums of the rounded lines), shown as they came, so the screen, the PDF and the CSV agree.
 */
export function ValuationTable({ v }: { v: StockValuation }) {
  const { t } = useTranslation('valuation');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const money = (n: number) => f.amount(n, v.currency);
  // Averages keep up to 4 decimals, grouped like the values beside them (hu leaves 4 digits ungrouped by default).
  const average = new Intl.NumberFormat(INTL_LOCALE[f.lang], { maximumFractionDigits: 4, useGrouping: 'always' });
  const groupSub = new Map(v.group_subtotals.map((s) => [`${s.warehouse}\u0000${s.product_group}`, s.value]));
  const whSub = new Map(v.warehouse_subtotals.map((s) => [s.warehouse, s.value]));
  const groupName = (g: string) => (g === '' ? t('noGroup') : g);
  return (
    <div className="panel table-wrap">
      <table className="grid" data-testid="valuation-table">
        <thead>
          <tr>
            <th className="num">{t('col.id')}</th>
            <th>{t('col.product')}</th>
            <th>{t('col.unit')}</th>
            <th className="num">{t('col.quantity')}</th>
            <th className="num">{t('col.average', { currency: v.currency })}</th>
            <th className="num">{t('col.value', { currency: v.currency })}</th>
          </tr>
        </thead>
        {runs(v.lines, (l) => l.warehouse).map((wh) => {
          const w = wh[0]!.warehouse;
          return (
            <tbody key={w} data-testid="valuation-warehouse" data-warehouse={w}>
              <tr className="group-head">
                <th colSpan={6} scope="colgroup">{warehouseLabel(tc, w)}</th>
              </tr>
              {runs(wh, (l) => l.product_group).map((g) => {
                const group = g[0]!.product_group;
                return (
                  <Fragment key={group}>
                    <tr className="subgroup-head">
                      <td />
                      <td colSpan={5}><em>{groupName(group)}</em></td>
                    </tr>
                    {g.map((l: Line) => (
                      <tr key={l.product_id} data-testid="valuation-line" data-product={l.product_id} data-warehouse={w}>
                        <td className="num tabular">{l.product_id}</td>
                        <td>
                          {l.product_name}
                          {l.unpriced ? <span className="badge warn" title={t('unpricedHint')}> {t('unpriced')}</span> : null}
                        </td>
                        <td>{l.unit}</td>
                        <td className={`num tabular ${l.quantity < 0 ? 'negative' : ''}`} data-testid="line-quantity">{f.qty(l.quantity)}</td>
                        <td className="num tabular" data-testid="line-average">{average.format(l.average_cost)}</td>
                        <td className="num tabular" data-testid="line-value" data-value={l.value}>{money(l.value)}</td>
                      </tr>
                    ))}
                    <tr className="subtotal" data-testid="valuation-group-subtotal" data-warehouse={w} data-group={group}>
                      <td />
                      <td colSpan={4}><strong>{t('groupTotal', { group: groupName(group) })}</strong></td>
                      <td className="num tabular" data-value={groupSub.get(`${w}\u0000${group}`) ?? 0}><strong>{money(groupSub.get(`${w}\u0000${group}`) ?? 0)}</strong></td>
                    </tr>
                  </Fragment>
                );
              })}
              <tr className="subtotal total" data-testid="valuation-warehouse-subtotal" data-warehouse={w}>
                <td />
                <td colSpan={4}><strong>{t('warehouseTotal', { warehouse: warehouseLabel(tc, w) })}</strong></td>
                <td className="num tabular" data-value={whSub.get(w) ?? 0}><strong>{money(whSub.get(w) ?? 0)}</strong></td>
              </tr>
            </tbody>
          );
        })}
        <tfoot>
          <tr className="total" data-testid="valuation-total">
            <td />
            <td colSpan={4}><strong>{t('total')}</strong></td>
            <td className="num tabular" data-value={v.total_value}><strong>{money(v.total_value)}</strong></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
