import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { WarehouseSelect } from '../../components/pickers';
import { useChannel } from '../../lib/ipc';

/** A warehouse and the bins (stock labels) the mirror knows in it, ticked for printing. */
export function BinPicker({ warehouse, onWarehouse, picked, onPicked }: { warehouse: string; onWarehouse: (w: string) => void; picked: ReadonlySet<string>; onPicked: (p: Set<string>) => void }) {
  const { t } = useTranslation('labels');
  const { data: bins = [] } = useChannel('stock.bins', { warehouse });
  const all = bins.length > 0 && bins.every((b) => picked.has(b.label));
  const toggle = (label: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(label);
    else next.delete(label);
    onPicked(next);
  };
  return (
    <div className="panel">
      <div className="panel-body stack">
        <Field label={t('warehouse')}>
          <WarehouseSelect value={warehouse} required onChange={(w) => { onWarehouse(w); onPicked(new Set()); }} data-testid="labels-warehouse" />
        </Field>
        {bins.length === 0 ? (
          <div className="muted" data-testid="labels-no-bins">{t('noBins')}</div>
        ) : (
          <div className="labels-bins" data-testid="labels-bins">
            <label className="labels-all">
              <input type="checkbox" checked={all} onChange={(e) => onPicked(e.target.checked ? new Set(bins.map((b) => b.label)) : new Set())} data-testid="labels-all-bins" /> {t('allBins')}
            </label>
            {bins.map((b) => (
              <label key={b.label}>
                <input type="checkbox" checked={picked.has(b.label)} onChange={(e) => toggle(b.label, e.target.checked)} aria-label={t('pickBin', { bin: b.label })} data-testid={`labels-bin-${b.label}`} />{' '}
                <span className="mono">{b.label}</span>
              </label>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
