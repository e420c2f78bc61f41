import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FixOffer, OutboxEntryView } from '@shared/ipc';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { placeLabel } from '../../../components/pickers';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

/** The methods whose fixes have words of their own; the core offers fixes for exactly these (outbox/fixes). */
type FixMethod = 'setQuantity' | 'setOrder' | 'setTransfer';
const FIX_METHODS = new Set<string>(['setQuantity', 'setOrder', 'setTransfer'] satisfies FixMethod[]);

/**
 * The fixes the core offers for a refusal (`entry.fixes`, outbox/fixes), each one click
 * (outbox.fix), worded for the entry's method: take what is there, take it from another place the
 * mirror knows has the product, or back-order the rest (orders). Discarding is the card's own button.
 */
export function FixOffers({ entry, productId, busy }: { entry: OutboxEntryView; productId: number; busy: boolean }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const fix = useCommand('outbox.fix');
  const [place, setPlace] = useState('');
  const { data: product } = useChannel('products.get', { id: productId });
  if (!FIX_METHODS.has(entry.method) || entry.fixes.length === 0) return null;
  const method = entry.method as FixMethod;
  const disabled = busy || fix.isPending;
  const take = entry.fixes.find((o): o is Extract<FixOffer, { kind: 'take_available' }> => o.kind === 'take_available');
  const other = entry.fixes.find((o): o is Extract<FixOffer, { kind: 'other_place' }> => o.kind === 'other_place');
  const backOrder = entry.fixes.some((o) => o.kind === 'back_order');

  // A whole warehouse (orders) or one bin of it (a wasting, a transfer's source), never a place the offer leaves out.
  const places = other?.by === 'warehouse'
    ? [...(product?.quantities ?? []).reduce((m, q) => m.set(q.warehouse, (m.get(q.warehouse) ?? 0) + q.available), new Map<string, number>())]
        .map(([warehouse, qty]) => ({ warehouse, label: '', qty }))
    : (product?.quantities ?? []).map((q) => ({ warehouse: q.warehouse, label: q.stockLabel, qty: q.deliverable }));
  const left = (p: { warehouse: string; label: string }) =>
    other?.not.some((n) => n.warehouse.toLowerCase() === p.warehouse.toLowerCase() && (other.by === 'warehouse' || n.stockLabel === p.label)) ?? true;
  const others = places.filter((p) => p.qty > 0 && !left(p));
  const key = (p: { warehouse: string; label: string }) => JSON.stringify([p.warehouse, p.label]);
  const chosen = others.find((p) => key(p) === place);

  return (
    <div className="toolbar" data-testid="fix-offers">
      {take ? (
        <button type="button" className="btn primary" disabled={disabled} onClick={() => fix.mutate({ id: entry.id, fix: { kind: 'take_available' } })} data-testid="fix-take-available">
          {t(`sync.fix.takeAvailable.${method}`, { available: f.qty(take.quantity) })}
        </button>
      ) : null}
      {other && others.length > 0 ? (
        <span className="toolbar">
          <label htmlFor={`fix-place-${entry.id}`}>{t(`sync.fix.otherPlace.${method}`)}</label>
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
      ) : other && product ? (
        <span className="muted">{t('sync.fix.noOtherPlace')}</span>
      ) : null}
      {backOrder ? (
        <button type="button" className="btn" disabled={disabled} onClick={() => fix.mutate({ id: entry.id, fix: { kind: 'back_order' } })} data-testid="fix-back-order">
          {t('sync.fix.backOrder')}
        </button>
      ) : null}
      <ErrorNotice error={fix.error} />
    </div>
  );
}
