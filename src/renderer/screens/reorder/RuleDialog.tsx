import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import type { ReorderRuleView } from '@shared/ipc/reorder';
import { Dialog, DialogActions } from '../../components/Dialog';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { ContactPicker, ProductPicker, warehouseLabel, type PickedContact } from '../../components/pickers';
import { fieldErrors } from '../../lib/errors';
import { useChannel, useCommand } from '../../lib/ipc';
import { readQuantity } from './quantity';


/**
 * A product's minimum level and reorder quantity, for one warehouse or all together (reorder.setRule):
 * a small form, numbers read with the kit's parser ("1 234,5" and "1234.5" alike). Without `product`
 * the clerk picks the product first.
 */
export function RuleDialog({ product, rule, onClose, onSaved }: {
  product: { id: number; name: string; unit: string } | null;
  rule: ReorderRuleView | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('reorder');
  const [picked, setPicked] = useState<{ id: number; name: string; unit: string } | null>(product);
  const [warehouse, setWarehouse] = useState(rule?.warehouse ?? '');
  const [min, setMin] = useState(rule ? String(rule.min) : '');
  const [reorder, setReorder] = useState(rule ? String(rule.reorder) : '');
  const [supplier, setSupplier] = useState<PickedContact | null>(rule?.supplierId ? { id: rule.supplierId, name: rule.supplierName ?? `#${rule.supplierId}` } : null);
  const [problems, setProblems] = useState(new Map<string, string>());
  const save = useCommand('reorder.setRule');
  const server = fieldErrors(save.error);
  const errorOf = (f: string) => problems.get(f) ?? server.get(f);

  const send = (remove: boolean) => {
    const m = readQuantity(min);
    const r = reorder.trim() === '' ? 0 : readQuantity(reorder);
    const p = new Map<string, string>();
    if (!picked) p.set('productId', t('rule.chooseProduct'));
    if (!remove && min.trim() === '') p.set('min', t('rule.required'));
    else if (!remove && m === null) p.set('min', t('rule.number'));
    if (!remove && r === null) p.set('reorder', t('rule.number'));
    setProblems(p);
    if (p.size > 0 || !picked) return;
    save.mutate(
      { productId: picked.id, warehouse, min: remove ? 0 : (m ?? 0), reorder: remove ? 0 : (r ?? 0), supplierId: supplier?.id ?? null, remove },
      { onSuccess: onSaved },
    );
  };

  return (
    <Dialog
      title={picked ? t('rule.title', { name: picked.name }) : t('rule.titleNew')}
      onClose={onClose}
      footer={
        <>
          {rule ? <button type="button" className="btn danger" onClick={() => send(true)} disabled={save.isPending} data-testid="rule-remove">{t('rule.remove')}</button> : null}
          <DialogActions onCancel={onClose} onSubmit={() => send(false)} submitLabel={t('rule.save')} disabled={save.isPending} testId="rule-save" />
        </>
      }
    >
      <div className="form-grid">
        {product ? null : (
          <Field label={t('rule.product')} required error={errorOf('productId')} className="full">
            {picked ? (
              <div className="row"><strong data-testid="rule-product">{picked.name}</strong> <button type="button" className="btn small" onClick={() => setPicked(null)}>{t('rule.otherProduct')}</button></div>
            ) : (
              <ProductPicker testId="rule-product-search" onPick={(p: ProductRow) => (p.service ? undefined : setPicked({ id: p.id, name: p.name, unit: p.unit }))} />
            )}
          </Field>
        )}
        <Field label={t('rule.warehouse')} className="full">
          {rule ? (
            <div data-testid="rule-warehouse-fixed">{warehouse ? <WarehouseName name={warehouse} /> : t('rule.allWarehouses')}</div>
          ) : (
            <ScopeSelect value={warehouse} onChange={setWarehouse} allLabel={t('rule.allWarehouses')} />
          )}
        </Field>
        <Field label={`${t('rule.min')}${picked ? ` (${picked.unit})` : ''}`} required error={errorOf('min')} hint={t('rule.minHint')}>
          <input type="text" inputMode="decimal" className="num" value={min} onChange={(e) => setMin(e.target.value)} data-testid="rule-min" data-autofocus />
        </Field>
        <Field label={`${t('rule.reorder')}${picked ? ` (${picked.unit})` : ''}`} error={errorOf('reorder')} hint={t('rule.reorderHint')}>
          <input type="text" inputMode="decimal" className="num" value={reorder} onChange={(e) => setReorder(e.target.value)} data-testid="rule-reorder" />
        </Field>
        <Field label={t('rule.supplier')} className="full">
          <ContactPicker value={supplier} onChange={setSupplier} kind="supplier" data-testid="rule-supplier" />
        </Field>
      </div>
      <ErrorNotice error={save.error} shownFields={(f) => ['productId', 'min', 'reorder'].includes(f)} />
    </Dialog>
  );
}

function WarehouseName({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{warehouseLabel(t, name)}</>;
}

/** The rule's scope: every warehouse together (''), or one of them. */
function ScopeSelect({ value, onChange, allLabel }: { value: string; onChange: (v: string) => void; allLabel: string }) {
  const { t } = useTranslation();
  const { data = [] } = useChannel('warehouses.list', {});
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} data-testid="rule-warehouse">
      <option value="">{allLabel}</option>
      {data.map((w) => <option key={w.id} value={w.name}>{warehouseLabel(t, w.name)}</option>)}
    </select>
  );
}
