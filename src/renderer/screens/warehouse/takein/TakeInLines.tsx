import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannel } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import { Icon } from '../../../components/Icon';
import type { TakeInLine } from './takeInModel';
import { DateField } from '../../../components/DateField';

export type LineField = 'quantity' | 'price' | 'currency' | 'fxRate' | 'batchNo' | 'expireDate' | 'countryCode';
/** A line's errors by field, already in words. */
export type LineErrors = Partial<Record<LineField, string>>;

/** The receipt's lines, edited in place; errors sit under the cell they belong to. */
export function TakeInLines({ lines, warehouse, stockLabel, errorsOf, flash, onChange, onRemove, onUseBin }: {
  lines: TakeInLine[];
  /** Takes the receipt to one of a product's existing bins. */
  onUseBin: (bin: string) => void;
  warehouse: string;
  stockLabel: string;
  errorsOf: (index: number) => LineErrors | undefined;
  /** The line just scanned; `n` remounts its row so the highlight plays again. */
  flash: { productId: number; n: number } | null;
  onChange: (key: string, field: LineField, value: string) => void;
  onRemove: (key: string) => void;
}) {
  const { t } = useTranslation('warehouse');
  return (
    <div className="table-wrap">
      <table className="grid" data-testid="takein-lines">
        <thead>
          <tr>
            <th className="num">#</th>
            <th>{t('takeIn.col.product')}</th>
            <th className="num">{t('takeIn.col.quantity')}</th>
            <th>{t('takeIn.col.unit')}</th>
            <th className="num">{t('takeIn.col.price')}</th>
            <th>{t('takeIn.col.currency')}</th>
            <th className="num">{t('takeIn.col.fxRate')}</th>
            <th>{t('takeIn.col.batch')}</th>
            <th>{t('takeIn.col.expiry')}</th>
            <th>{t('takeIn.col.origin')}</th>
            <th className="num">{t('takeIn.col.inStock')}</th>
            <th aria-label={t('takeIn.col.actions')} />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const flashing = flash?.productId === l.productId;
            return (
              <LineRow
                key={flashing ? `${l.key}:${flash.n}` : l.key}
                line={l}
                index={i}
                flashing={flashing}
                errors={errorsOf(i)}
                warehouse={warehouse}
                stockLabel={stockLabel}
                onChange={onChange}
                onRemove={onRemove}
                onUseBin={onUseBin}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  line: TakeInLine;
  index: number;
  flashing: boolean;
  errors: LineErrors | undefined;
  warehouse: string;
  stockLabel: string;
  onChange: (key: string, field: LineField, value: string) => void;
  onRemove: (key: string) => void;
  onUseBin: (bin: string) => void;
}

const sameErrors = (a: LineErrors | undefined, b: LineErrors | undefined) => JSON.stringify(a ?? {}) === JSON.stringify(b ?? {});

/**
 * One line. Memoised: a scan changes one line of a long receipt, and the clerk must see it at once,
 * not after every other line has been drawn again.
 */
const LineRow = memo(function LineRow({ line: l, index: i, flashing, errors, warehouse, stockLabel, onChange, onRemove, onUseBin }: RowProps) {
  const { t } = useTranslation('warehouse');
  const cell = (field: LineField, opts: { num?: boolean; type?: string; size?: number; label: string }) => {
    const err = errors?.[field];
    const id = `line-${l.key}-${field}`;
    return (
      <td className={opts.num ? 'num' : undefined}>
        <input
          id={id}
          type={opts.type ?? 'text'}
          className={opts.num ? 'num' : undefined}
          inputMode={opts.num ? 'decimal' : undefined}
          size={opts.size}
          value={l[field]}
          aria-label={`${opts.label} — ${l.name}`}
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? `${id}-err` : undefined}
          disabled={field === 'fxRate' && l.currency.trim().toUpperCase() === 'HUF'}
          onChange={(e) => onChange(l.key, field, field === 'currency' || field === 'countryCode' ? e.target.value.toUpperCase() : e.target.value)}
        />
        {err ? (
          <span id={`${id}-err`} className="cell-error">
            {err}
          </span>
        ) : null}
      </td>
    );
  };
  return (
    <tr className={flashing ? 'flash' : undefined} data-product-id={l.productId}>
      <td className="num muted">{i + 1}</td>
      <td className="wrap">
        <div>{l.name}</div>
        <div className="muted mono">{l.code}</div>
      </td>
      {cell('quantity', { num: true, size: 7, label: t('takeIn.col.quantity') })}
      <td className="muted">{l.unit}</td>
      {cell('price', { num: true, size: 9, label: t('takeIn.col.price') })}
      {cell('currency', { size: 4, label: t('takeIn.col.currency') })}
      {cell('fxRate', { num: true, size: 7, label: t('takeIn.col.fxRate') })}
      {cell('batchNo', { size: 10, label: t('takeIn.col.batch') })}
      <td>
        <DateField label={<span className="visually-hidden">{`${t('takeIn.col.expiry')} — ${l.name}`}</span>} id={`line-${l.key}-expireDate`} className="in-cell"
          error={errors?.expireDate} value={l.expireDate} onChange={(v) => onChange(l.key, 'expireDate', v)} />
      </td>
      {cell('countryCode', { size: 3, label: t('takeIn.col.origin') })}
      <td className="num">
        <StockCell productId={l.productId} warehouse={warehouse} stockLabel={stockLabel} onUseBin={onUseBin} />
      </td>
      <td>
        <button type="button" className="btn small link" onClick={() => onRemove(l.key)} aria-label={t('takeIn.removeLine', { name: l.name })}>
          <Icon name="x" />
        </button>
      </td>
    </tr>
  );
}, (a, b) =>
  a.line === b.line && a.index === b.index && a.flashing === b.flashing && a.warehouse === b.warehouse && a.stockLabel === b.stockLabel &&
  a.onChange === b.onChange && a.onRemove === b.onRemove && a.onUseBin === b.onUseBin && sameErrors(a.errors, b.errors));

/**
 * What the mirror holds of the product in the chosen warehouse and bin, the clerk's pending part
 * marked, and under it the product's other bins in that warehouse, so stock kept in a bin is never
 * hidden behind a blank bin field (and one click takes the receipt to that bin).
 */
export function StockCell({ productId, warehouse, stockLabel, onUseBin }: { productId: number; warehouse: string; stockLabel: string; onUseBin?: (bin: string) => void }) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  const { data } = useChannel('products.get', { id: productId });
  if (!data || !warehouse) return <span className="muted">–</span>;
  const here = data.quantities.filter((x) => x.warehouse.toLowerCase() === warehouse.toLowerCase());
  const q = here.find((x) => x.stockLabel === stockLabel.trim());
  const deliverable = q?.deliverable ?? 0;
  const pending = q?.pendingLocal ?? 0;
  const others = here.filter((x) => x.stockLabel !== stockLabel.trim() && x.deliverable !== 0);
  return (
    <span style={{ display: 'block', textAlign: 'right' }}>
      <span className="tabular stock-cell" style={{ display: 'block' }} data-testid={`stock-${productId}`}>
        {f.qty(deliverable)}
        {pending !== 0 ? (
          <span className="badge pending" title={t('takeIn.pendingHint')}>
            {f.signed(pending)} {t('takeIn.pending')}
          </span>
        ) : null}
      </span>
      {others.length ? (
        // The list wraps between bins (each bin stays whole): kept on one line (and in a column
        // flexbox, which Chromium sizes by its widest line), it pushed the receipt's last column, the
        // remove buttons, out of sight in Hungarian.
        <span className="muted" style={{ display: 'block', marginTop: 2, fontSize: '0.85em', whiteSpace: 'normal' }} data-testid={`bins-${productId}`}>
          {t('takeIn.otherBins')}{' '}
          {others.map((o, i) => {
            const text = `${o.stockLabel || t('count.noBin')}: ${f.qty(o.deliverable)}`;
            return (
              <span key={o.stockLabel} style={{ whiteSpace: 'nowrap' }}>
                {i > 0 ? ', ' : null}
                {onUseBin && o.stockLabel ? (
                  <button type="button" className="btn small link" title={t('takeIn.useBin', { bin: o.stockLabel })} onClick={() => onUseBin(o.stockLabel)} data-testid={`use-bin-${productId}-${o.stockLabel}`}>
                    {text}
                  </button>
                ) : (
                  text
                )}
              </span>
            );
          })}
        </span>
      ) : null}
    </span>
  );
}
