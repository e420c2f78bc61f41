import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LowStockRow, ReorderRuleView } from '@shared/ipc/reorder';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { Screen } from '../../components/Screen';
import { ContactPicker, WarehouseSelect, placeLabel, type PickedContact } from '../../components/pickers';
import { useChannel, useCommand } from '../../lib/ipc';
import { useFormat } from '../../lib/useFormat';
import { PoStatus } from './PoStatus';
import { readQuantity } from './quantity';
import { RuleDialog } from './RuleDialog';

const keyOf = (r: Pick<LowStockRow, 'productId' | 'warehouse'>) => `${r.productId}|${r.warehouse}`;

/** Products below their minimum level (from the mirror, offline too); ticked lines become one purchase order through the outbox. */
export function LowStockScreen() {
  const { t } = useTranslation('reorder');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const { data } = useChannel('reorder.lowStock', {});
  const rows = data?.rows ?? [];
  const [ticked, setTicked] = useState(new Set<string>());
  const [qty, setQty] = useState(new Map<string, string>());
  const [supplier, setSupplier] = useState<PickedContact | null>(null);
  const [warehouse, setWarehouse] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [posted, setPosted] = useState<Array<{ entryId: number; what: string }>>([]);
  const [editing, setEditing] = useState<{ product: { id: number; name: string; unit: string } | null; rule: ReorderRuleView | null } | null>(null);
  const create = useCommand('reorder.createPo');

  const place = (w: string) => (w ? placeLabel(tc, w) : t('lowStock.allWarehouses'));
  // The suggestion as the clerk's locale writes it; the kit's parser reads it back ("15,5", "1 234").
  const qtyText = (r: LowStockRow) => qty.get(keyOf(r)) ?? f.qty(r.suggested);
  const tick = (r: LowStockRow, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(keyOf(r));
    else next.delete(keyOf(r));
    setTicked(next);
    setProblem(null);
    // The first ticked line proposes its preferred supplier and its warehouse; the clerk may change both.
    if (on && !supplier && r.supplierId) setSupplier({ id: r.supplierId, name: r.supplierName ?? `#${r.supplierId}` });
    if (on && !warehouse) setWarehouse(r.warehouse || 'Default');
  };
  const chosen = rows.filter((r) => ticked.has(keyOf(r)));

  const submit = () => {
    if (chosen.length === 0) return setProblem(t('lowStock.noLines'));
    if (!supplier) return setProblem(t('lowStock.noSupplier'));
    if (!warehouse) return setProblem(t('lowStock.noWarehouse'));
    const lines = chosen.map((r) => ({ productId: r.productId, quantity: readQuantity(qtyText(r)) }));
    if (lines.some((l) => l.quantity === null || l.quantity <= 0)) return setProblem(t('lowStock.badQuantity'));
    setProblem(null);
    const what = `${supplier.name} · ${place(warehouse)} · ${chosen.map((r) => `${qtyText(r)} ${r.unit} ${r.name}`).join(', ')}`;
    create.mutate({ contactId: supplier.id, warehouse, lines: lines.map((l) => ({ productId: l.productId, quantity: l.quantity! })) }, {
      onSuccess: ({ entryId }) => {
        setPosted((p) => [{ entryId, what }, ...p].slice(0, 5));
        setTicked(new Set());
        setQty(new Map());
      },
    });
  };

  return (
    <Screen
      title={t('nav.lowStock')}
      actions={<button type="button" className="btn" onClick={() => setEditing({ product: null, rule: null })} data-testid="lowstock-add-rule">{t('lowStock.addRule')}</button>}
    >
      <div className="notice info" data-testid="lowstock-help">{t('lowStock.help')}</div>
      {data?.supported === false ? <div className="notice warn" role="status" data-testid="lowstock-unsupported">{t('lowStock.unsupported')}</div> : null}
      {/* Until the mirror answers nothing is known: neither when the levels were read, nor what is below them. */}
      {data ? <div className="muted" data-testid="lowstock-rules-at">{data.fetchedAt ? t('lowStock.rulesAt', { when: f.dateTime(data.fetchedAt) }) : t('lowStock.rulesNever')}</div> : null}
      {posted.map((p) => <PoStatus key={p.entryId} entryId={p.entryId} what={p.what} />)}

      {rows.length === 0 ? (
        <div className="panel empty" data-testid="lowstock-empty">{!data ? tc('loading') : data.rules === 0 ? t('lowStock.noRules') : t('lowStock.empty')}</div>
      ) : (
        <div className="panel table-wrap">
          <table className="grid" data-testid="lowstock-table">
            <thead>
              <tr>
                <th>{t('lowStock.col.pick')}</th>
                <th>{t('lowStock.col.product')}</th>
                <th>{t('lowStock.col.place')}</th>
                <th className="num">{t('lowStock.col.min')}</th>
                <th className="num">{t('lowStock.col.onHand')}</th>
                <th className="num">{t('lowStock.col.reserved')}</th>
                <th className="num">{t('lowStock.col.incoming')}</th>
                <th className="num">{t('lowStock.col.available')}</th>
                <th className="num">{t('lowStock.col.suggested')}</th>
                <th className="num">{t('lowStock.col.order')}</th>
                <th>{t('lowStock.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={keyOf(r)} data-testid={`lowstock-row-${r.productId}`}>
                  <td><input type="checkbox" checked={ticked.has(keyOf(r))} onChange={(e) => tick(r, e.target.checked)} aria-label={t('lowStock.pickLine', { name: r.name })} data-testid={`lowstock-pick-${r.productId}`} /></td>
                  <td className="wrap">
                    <div>{r.name}</div>
                    {r.itemNumber ? <div className="muted">{r.itemNumber}</div> : null}
                    {r.pending ? <span className="badge warn">{t('lowStock.pending')}</span> : null}
                  </td>
                  <td>{place(r.warehouse)}</td>
                  <td className="num">{f.qty(r.min)}</td>
                  <td className="num" data-testid={`lowstock-onhand-${r.productId}`}>{f.qty(r.onHand)}</td>
                  <td className="num">{f.qty(r.reserved)}</td>
                  <td className="num" data-testid={`lowstock-incoming-${r.productId}`}>{f.qty(r.incoming)}</td>
                  <td className="num" data-testid={`lowstock-available-${r.productId}`}><strong>{f.qty(r.available)}</strong> {r.unit}</td>
                  <td className="num" data-testid={`lowstock-suggested-${r.productId}`}>{f.qty(r.suggested)}</td>
                  <td className="num">
                    <input
                      type="text" inputMode="decimal" className="num" size={7} value={qtyText(r)} aria-label={t('lowStock.orderQty', { name: r.name })}
                      onChange={(e) => setQty(new Map(qty).set(keyOf(r), e.target.value))} data-testid={`lowstock-qty-${r.productId}`}
                    />
                  </td>
                  <td>
                    <button type="button" className="btn small" onClick={() => setEditing({ product: { id: r.productId, name: r.name, unit: r.unit }, rule: r })} data-testid={`lowstock-edit-${r.productId}`}>
                      {t('lowStock.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {rows.length === 0 ? null : <div className="panel">
        <div className="panel-title">{t('lowStock.poTitle')}</div>
        <div className="panel-body form-grid">
          <Field label={t('lowStock.supplier')} required>
            <ContactPicker value={supplier} onChange={setSupplier} kind="supplier" data-testid="lowstock-supplier" />
          </Field>
          <Field label={t('lowStock.receiveInto')} required>
            <WarehouseSelect value={warehouse} onChange={setWarehouse} data-testid="lowstock-warehouse" />
          </Field>
          <div className="full row">
            <span className="muted" data-testid="lowstock-ticked">{t('lowStock.ticked', { count: chosen.length })}</span>{' '}
            <button type="button" className="btn primary" onClick={submit} disabled={create.isPending || data?.supported === false} data-testid="lowstock-create">{t('lowStock.create')}</button>
          </div>
        </div>
      </div>}
      {problem ? <div className="notice error" role="alert" data-testid="lowstock-problem">{problem}</div> : null}
      <ErrorNotice error={create.error} />
      {editing ? <RuleDialog product={editing.product} rule={editing.rule} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} /> : null}
    </Screen>
  );
}
