import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '@shared/ipc';
import type { ReasonFigures } from '@shared/protocol/reasons';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { placeLabel } from '../../../components/pickers';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

type Shortage = ReasonFigures<'insufficient_stock'>;

/**
 * The fixes a stock shortage offers, each one click (outbox.fix): take what is there, take it from
 * another place the mirror knows has the product, or back-order the rest (orders). Discarding is
 * the card's own button. Which fixes apply mirrors the core's fixesFor.
 */
export function FixOffers({ entry, shortage, busy }: { entry: OutboxEntryView; shortage: Shortage; busy: boolean }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const fix = useCommand('outbox.fix');
  const [place, setPlace] = useState('');
  const isOrder = entry.method === 'setOrder';
  const productId = isOrder ? shortage.product_id : Number(entry.params.product_id);
  const { data: product } = useChannel('products.get', { id: productId });
  const disabled = busy || fix.isPending;

  const refused = (warehouse: string, label: string) => warehouse.toLowerCase() === shortage.warehouse.toLowerCase() && (isOrder || label === (shortage.stock_label ?? ''));
  // Orders take from a warehouse as a whole; a stock change from one bin of it.
  const places = isOrder
    ? [...(product?.quantities ?? []).reduce((m, q) => m.set(q.warehouse, (m.get(q.warehouse) ?? 0) + q.available), new Map<string, number>())]
        .map(([warehouse, qty]) => ({ warehouse, label: '', qty }))
    : (product?.quantities ?? []).map((q) => ({ warehouse: q.warehouse, label: q.stockLabel, qty: q.deliverable }));
  const others = places.filter((p) => p.qty > 0 && !refused(p.warehouse, p.label));
  const key = (p: { warehouse: string; label: string }) => JSON.stringify([p.warehouse, p.label]);
  const chosen = others.find((p) => key(p) === place);

  return (
    <div className="toolbar" data-testid="fix-offers">
      {shortage.available > 0 ? (
        <button type="button" className="btn primary" disabled={disabled} onClick={() => fix.mutate({ id: entry.id, fix: { kind: 'take_available' } })} data-testid="fix-take-available">
          {t(isOrder ? 'sync.fix.takeAvailableOrder' : 'sync.fix.takeAvailableWaste', { available: f.qty(shortage.available) })}
        </button>
      ) : null}
      {others.length > 0 ? (
        <span className="toolbar">
          <label htmlFor={`fix-place-${entry.id}`}>{t(isOrder ? 'sync.fix.otherWarehouse' : 'sync.fix.otherPlace')}</label>
          <select id={`fix-place-${entry.id}`} value={place} onChange={(e) => setPlace(e.target.value)} disabled={disabled} data-testid="fix-other-place">
            <option value="">{t('sync.fix.pickPlace')}</option>
            {others.map((p) => (
              <option key={key(p)} value={key(p)}>
                {`${placeLabel(tc, p.warehouse, p.label)} — ${f.qty(p.qty)}`}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="btn"
            disabled={disabled || !chosen}
            onClick={() => chosen && fix.mutate({ id: entry.id, fix: { kind: 'other_place', warehouse: chosen.warehouse, stockLabel: chosen.label } })}
            data-testid="fix-other-place-send"
          >
            {t('sync.fix.sendFromThere')}
          </button>
        </span>
      ) : product ? (
        <span className="muted">{t('sync.fix.noOtherPlace')}</span>
      ) : null}
      {isOrder ? (
        <button type="button" className="btn" disabled={disabled} onClick={() => fix.mutate({ id: entry.id, fix: { kind: 'back_order' } })} data-testid="fix-back-order">
          {t('sync.fix.backOrder')}
        </button>
      ) : null}
      <ErrorNotice error={fix.error} />
    </div>
  );
}
