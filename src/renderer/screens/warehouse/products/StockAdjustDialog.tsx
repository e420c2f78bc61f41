import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDetail } from '@shared/ipc';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ContactPicker, WarehouseSelect, type PickedContact } from '../../../components/pickers';
import { fieldErrors } from '../../../lib/errors';
import { parseNumberInput } from '../../../lib/format';
import { useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

/** One stock change outside a receipt or a count: breakage, loss, a found box (stock.adjust). */
export function StockAdjustDialog({ product, onClose, onQueued }: { product: ProductDetail; onClose: () => void; onQueued: () => void }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const first = product.quantities[0];
  const [kind, setKind] = useState<'waste' | 'takeIn'>('waste');
  const [quantity, setQuantity] = useState('');
  const [warehouse, setWarehouse] = useState(first?.warehouse ?? '');
  const [stockLabel, setStockLabel] = useState(first?.stockLabel ?? '');
  const [contact, setContact] = useState<PickedContact | null>(null);
  const [problems, setProblems] = useState(new Map<string, string>());
  const adjust = useCommand('stock.adjust');
  const server = fieldErrors(adjust.error);
  const errorOf = (f: string) => problems.get(f) ?? server.get(f);

  const typed = parseNumberInput(quantity);
  const here = product.quantities.find((x) => x.warehouse === warehouse && x.stockLabel === stockLabel.trim())?.deliverable ?? 0;
  // Booking it anyway is allowed (the mirror may be behind); the server has the last word.
  const tooMuch = kind === 'waste' && typed !== null && typed > here;

  const submit = () => {
    const q = parseNumberInput(quantity);
    const p = new Map<string, string>();
    if (q === null) p.set('quantity', t('problems.required'));
    else if (Number.isNaN(q)) p.set('quantity', t('problems.number'));
    else if (q <= 0) p.set('quantity', t('problems.positive'));
    if (!warehouse) p.set('warehouse', t('problems.required'));
    if (!contact) p.set('contactId', t('problems.required'));
    setProblems(p);
    if (p.size > 0 || q === null || !contact) return;
    adjust.mutate({ productId: product.id, warehouse, stockLabel: stockLabel.trim(), quantity: kind === 'waste' ? -q : q, contactId: contact.id }, { onSuccess: onQueued });
  };

  return (
    <Dialog
      title={t('products.adjust.title', { name: product.name })}
      onClose={onClose}
      footer={<DialogActions onCancel={onClose} onSubmit={submit} submitLabel={t('products.adjust.submit')} disabled={adjust.isPending} testId="adjust-submit" />}
    >
      <div className="form-grid">
        <div className="field full">
          <div className="radio-row" role="radiogroup" aria-label={t('products.adjust.kind')}>
            <label>
              <input type="radio" name="adjust-kind" checked={kind === 'waste'} onChange={() => setKind('waste')} /> {t('products.adjust.waste')}
            </label>
            <label>
              <input type="radio" name="adjust-kind" checked={kind === 'takeIn'} onChange={() => setKind('takeIn')} /> {t('products.adjust.takeIn')}
            </label>
          </div>
        </div>
        <Field label={`${t('takeIn.col.quantity')} (${product.unit})`} required error={errorOf('quantity')}>
          <input type="text" inputMode="decimal" className="num" value={quantity} onChange={(e) => setQuantity(e.target.value)} data-testid="adjust-quantity" />
        </Field>
        <Field label={tc('pickers.warehouse')} required error={errorOf('warehouse')}>
          <WarehouseSelect value={warehouse} onChange={setWarehouse} data-testid="adjust-warehouse" />
        </Field>
        <Field label={t('takeIn.stockLabel')} error={errorOf('stockLabel')}>
          <input type="text" value={stockLabel} list="adjust-bins" autoComplete="off" onChange={(e) => setStockLabel(e.target.value)} data-testid="adjust-label" />
        </Field>
        {/* The bins this product is kept in, in the chosen warehouse: offered, so stock is not split by a typo. */}
        <datalist id="adjust-bins">
          {product.quantities.filter((q) => q.stockLabel && q.warehouse.toLowerCase() === warehouse.toLowerCase()).map((q) => (
            <option key={q.stockLabel} value={q.stockLabel} />
          ))}
        </datalist>
        <Field label={tc('pickers.contact')} required error={errorOf('contactId')} hint={t('count.contactHint')} className="full">
          <ContactPicker value={contact} onChange={setContact} data-testid="adjust-contact" />
        </Field>
      </div>
      {tooMuch ? (
        <div className="notice warn" role="status" style={{ marginTop: 10 }}>
          {t('products.adjust.moreThanStock', { onHand: f.qty(here) })}
        </div>
      ) : null}
      <ErrorNotice error={adjust.error} shownFields={(f) => ['quantity', 'warehouse', 'stockLabel', 'contactId'].includes(f)} />
    </Dialog>
  );
}
