import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Movement } from '@shared/protocol';
import type { ProductRow } from '@shared/ipc';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ProductPicker, WarehouseSelect, placeLabel } from '../../../components/pickers';
import { invoke, useChannel } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { MovementTable } from './MovementTable';
import { HistoryExport } from '../../dataio/ExportButtons';

/**
 * Where a product's stock went: every movement with its running balance, for the product over all
 * warehouses, one warehouse or one bin. Read from the server; offline, the page the desk kept last.
 */
export function StockHistoryScreen() {
  const { t } = useTranslation('stockwork');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const [product, setProduct] = useState<ProductRow | null>(null);
  const [warehouse, setWarehouse] = useState('*');
  const [bin, setBin] = useState('');
  const [older, setOlder] = useState<{ movements: Movement[]; more: boolean } | null>(null);
  const [olderError, setOlderError] = useState<unknown>(null);
  const scope = { productId: product?.id ?? 0, warehouse: warehouse === '*' ? '' : warehouse, stockLabel: warehouse === '*' ? '' : bin.trim() };
  const history = useChannel('stock.history', scope, { enabled: product !== null });
  const { data: bins = [] } = useChannel('stock.bins', { warehouse: scope.warehouse }, { enabled: scope.warehouse !== '' });
  // A new scope starts again from the newest page.
  useEffect(() => setOlder(null), [product?.id, warehouse, bin]);
  const h = history.data;
  const shown = [...(h?.movements ?? []), ...(older?.movements ?? [])];
  const more = older ? older.more : (h?.more ?? false);
  const loadOlder = async () => {
    const last = shown.at(-1);
    if (!last) return;
    setOlderError(null);
    try {
      const r = await invoke('stock.history', { ...scope, before: { receiptId: last.receipt_id, line: last.line } });
      if (!r.fresh) throw new Error(t('history.olderOffline'));
      setOlder({ movements: [...(older?.movements ?? []), ...r.movements], more: r.more });
    } catch (e) {
      setOlderError(e);
    }
  };

  return (
    <Screen title={t('nav.history')}>
      <div className="panel">
        <div className="panel-body form-grid">
          <Field label={t('history.product')} className="wide">
            {product ? (
              <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
                <strong data-testid="history-product">{product.name}</strong>
                <button type="button" className="btn small" onClick={() => setProduct(null)}>
                  {t('history.change')}
                </button>
              </span>
            ) : (
              <ProductPicker id="history-product" autoFocus placeholder={t('history.pickProduct')} onPick={setProduct} testId="history-search" />
            )}
          </Field>
          <Field label={tc('pickers.warehouse')}>
            <WarehouseSelect value={warehouse} required anyLabel={t('history.allWarehouses')} onChange={(v) => { setWarehouse(v); setBin(''); }} data-testid="history-warehouse" />
          </Field>
          <Field label={t('history.bin')} hint={warehouse === '*' ? t('history.binNeedsWarehouse') : undefined}>
            <select value={bin} disabled={warehouse === '*'} onChange={(e) => setBin(e.target.value)} data-testid="history-bin">
              <option value="">{t('history.allBins')}</option>
              {bins.map((b) => (
                <option key={b.label} value={b.label}>
                  {b.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </div>

      {!product ? <div className="panel empty">{t('history.choose')}</div> : null}
      <ErrorNotice error={history.error} />
      {product && h ? (
        <>
          {!h.supported ? (
            <div className="notice warn" role="status" data-testid="history-unsupported">{t('history.unsupported')}</div>
          ) : !h.fresh ? (
            <div className="notice warn" role="status" data-testid="history-stale">
              {h.fetchedAt ? t('history.stale', { when: f.dateTime(h.fetchedAt) }) : t('history.neverRead')}
            </div>
          ) : (
            <div className="muted" data-testid="history-fresh">{t('history.fresh', { when: f.dateTime(h.fetchedAt!) })}</div>
          )}
          {h.supported && shown.length === 0 && (h.fresh || h.fetchedAt) ? (
            <div className="panel empty" data-testid="history-empty">{t('history.empty')} {scope.warehouse ? placeLabel(tc, scope.warehouse, scope.stockLabel) : ''}</div>
          ) : null}
          {shown.length ? <MovementTable movements={shown} unit={product.unit} /> : null}
          {more ? (
            <div style={{ marginTop: 8 }}>
              <button type="button" className="btn" onClick={() => void loadOlder()} data-testid="history-older">
                {t('history.older')}
              </button>
            </div>
          ) : null}
          <ErrorNotice error={olderError} />
          {h.supported && shown.length ? <HistoryExport productId={product.id} warehouse={scope.warehouse} stockLabel={scope.stockLabel} /> : null}
        </>
      ) : null}
    </Screen>
  );
}
