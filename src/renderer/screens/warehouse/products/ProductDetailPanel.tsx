import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StockAdjustDialog } from './StockAdjustDialog';
import { ProductRules } from '../../reorder/ProductRules';
import { labelsLink } from '../../labels/labelLinks';
import { warehouseLabel } from '../../../components/pickers';
import { StockFigure } from '../../../components/StockFigure';
import { useChannel } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

/** The selected product: its identifiers and prices, and its stock per warehouse and label. */
export function ProductDetailPanel({ productId }: { productId: number | null }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const { t: tl } = useTranslation('labels');
  const f = useFormat();
  const { data: p, isLoading } = useChannel('products.get', { id: productId ?? 0 }, { enabled: productId !== null });
  const [adjusting, setAdjusting] = useState(false);
  const [queued, setQueued] = useState<number | null>(null);
  if (productId === null) return <aside className="panel empty">{t('products.selectHint')}</aside>;
  if (!p) return <aside className="panel empty">{isLoading ? tc('loading') : tc('errors.NOT_FOUND')}</aside>;
  return (
    <aside className="panel detail-panel" data-testid="product-detail" aria-label={p.name}>
      <div className="panel-title">
        <h2>{p.name}</h2>
      </div>
      <div className="panel-body stack">
        <div className="toolbar">
          <Link className="btn small" to={`/products/${p.id}`}>
            {tc('actions.edit')}
          </Link>
          {p.service ? null : (
            <Link className="btn small" to={labelsLink([{ productId: p.id, copies: 1 }])} data-testid="product-labels">
              {tl('nav')}
            </Link>
          )}
          {p.service ? null : (
            <button type="button" className="btn small" onClick={() => setAdjusting(true)} data-testid="adjust-open">
              {t('products.adjust.open')}
            </button>
          )}
        </div>
        {queued === p.id ? <div className="notice ok" role="status">{t('products.adjust.queued')}</div> : null}
        {p.local ? <div className="notice info">{t('products.localHint')}</div> : null}
        {p.refusedEntryId !== null ? (
          <div className="notice error" role="status" data-testid="product-refused-notice">
            {t('products.refusedNotice')} <Link to={`/sync?entry=${p.refusedEntryId}`}>{t('products.openRefused')}</Link>
          </div>
        ) : null}
        <dl className="kv">
          <dt>{t('products.col.itemNumber')}</dt>
          <dd className="mono">{p.itemNumber ?? '–'}</dd>
          <dt>{t('products.col.ean')}</dt>
          <dd className="mono">{p.ean ?? '–'}</dd>
          <dt>{t('products.col.group')}</dt>
          <dd>{p.productGroup ?? '–'}</dd>
          <dt>{t('products.col.manufacturer')}</dt>
          <dd>{p.manufacturer ?? '–'}</dd>
          <dt>{t('products.col.listPrice')}</dt>
          <dd className="tabular">{p.listPrice === null ? '–' : f.money(p.listPrice, p.currency)}</dd>
          <dt>{t('products.vat')}</dt>
          <dd className="tabular">{f.num(p.vat, 0, 2)} %</dd>
          {p.tags.length ? (
            <>
              <dt>{t('products.tags')}</dt>
              <dd>{p.tags.join(', ')}</dd>
            </>
          ) : null}
        </dl>
        {p.service ? (
          <p className="muted">{t('products.serviceHint')}</p>
        ) : (
          <table className="grid" data-testid="product-quantities">
            <thead>
              <tr>
                <th>{tc('pickers.warehouse')}</th>
                <th className="num" title={t('products.qty.deliverableHint')}>{t('products.qty.deliverable')}</th>
                <th className="num" title={t('products.qty.pendingHint')}>{t('products.qty.pending')}</th>
                <th className="num">{t('products.qty.available')}</th>
                <th className="num" title={t('products.qty.pendingLocalHint')}>{t('products.qty.pendingLocal')}</th>
              </tr>
            </thead>
            <tbody>
              {p.quantities.length === 0 ? (
                <tr>
                  <td colSpan={5} className="muted">
                    {t('products.noStock')}
                  </td>
                </tr>
              ) : null}
              {p.quantities.map((q) => (
                <tr key={`${q.warehouse}|${q.stockLabel}`}>
                  <td>
                    {warehouseLabel(tc, q.warehouse)}
                    {q.stockLabel ? (
                      <span className="muted"> · {q.stockLabel}</span>
                    ) : p.quantities.some((o) => o.stockLabel && o.warehouse === q.warehouse) ? (
                      // Beside the warehouse's bins, its stock without a bin says so, not passing for the total.
                      <span className="muted"> · {t('count.noBin')}</span>
                    ) : null}
                    {/* Under the place, where it has room: the refused change is not in the figures beside it. */}
                    {q.refusedLocal !== 0 ? (
                      <Link className="badge danger" style={{ display: 'table', marginTop: 2, whiteSpace: 'normal' }} to={`/sync?entry=${p.refusedEntryId ?? ''}`} data-testid="quantity-refused">
                        {t('products.refusedHere', { qty: f.signed(q.refusedLocal) })}
                      </Link>
                    ) : null}
                  </td>
                  <td className="num"><StockFigure value={q.deliverable} /></td>
                  <td className="num">{f.qty(q.pending)}</td>
                  <td className="num"><StockFigure value={q.available} /></td>
                  <td className="num">
                    {q.pendingLocal !== 0 ? <span className="badge pending">{f.signed(q.pendingLocal)}</span> : <span className="muted">0</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {p.service ? null : <ProductRules product={p} />}
      </div>
      {adjusting ? (
        <StockAdjustDialog
          product={p}
          onClose={() => setAdjusting(false)}
          onQueued={() => {
            setAdjusting(false);
            setQueued(p.id);
          }}
        />
      ) : null}
    </aside>
  );
}
