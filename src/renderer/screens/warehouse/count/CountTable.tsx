import { useEffect, useRef, useState, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { CountLine } from '@shared/ipc';
import { parseNumberInput } from '../../../lib/format';
import { useFormat } from '../../../lib/useFormat';
import { diffLine } from './countDiff';

const ROW_H = 32;
const COLUMNS = '100px 130px minmax(200px, 1fr) 130px 76px 124px 116px 96px';

/** One line per product and bin: its React key and the suffix of its test ids ('' = no bin keeps the product id alone). */
export const lineKey = (l: Pick<CountLine, 'productId' | 'stockLabel'>) => (l.stockLabel ? `${l.productId}-${l.stockLabel}` : String(l.productId));

/**
 * The count sheet, virtualised: a shelf can hold thousands of products. The counted quantity is
 * typed in place and saved on Enter or when the field is left; Enter goes back to the scan field.
 */
export function CountTable({ lines, flash, onCounted, scanRef, error }: {
  lines: CountLine[];
  flash: { key: string; n: number } | null;
  onCounted: (line: CountLine, counted: number | null) => Promise<void>;
  scanRef: RefObject<HTMLInputElement | null>;
  error: { key: string; message: string } | null;
}) {
  const { t } = useTranslation('warehouse');
  const parent = useRef<HTMLDivElement>(null);
  // initialRect: rows are drawn on the first paint, before the box has been measured.
  const v = useVirtualizer({ count: lines.length, getScrollElement: () => parent.current, estimateSize: () => ROW_H, overscan: 12, initialRect: { width: 0, height: 600 } });

  useEffect(() => {
    if (!flash) return;
    const i = lines.findIndex((l) => lineKey(l) === flash.key);
    if (i >= 0) v.scrollToIndex(i, { align: 'center' });
    // Only a new scan moves the list; edits of other lines must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flash]);

  return (
    <div className="vlist" ref={parent} role="table" aria-rowcount={lines.length + 1} data-testid="count-table">
      <div className="vlist-head" role="row" style={{ gridTemplateColumns: COLUMNS }}>
        <div role="columnheader">{t('products.col.itemNumber')}</div>
        <div role="columnheader">{t('products.col.ean')}</div>
        <div role="columnheader">{t('takeIn.col.product')}</div>
        <div role="columnheader">{t('count.bin')}</div>
        <div role="columnheader">{t('takeIn.col.unit')}</div>
        <div role="columnheader" className="num">{t('count.expected')}</div>
        <div role="columnheader" className="num">{t('count.counted')}</div>
        <div role="columnheader" className="num">{t('count.difference')}</div>
      </div>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {v.getVirtualItems().map((item) => {
          const line = lines[item.index];
          if (!line) return null;
          const key = lineKey(line);
          const flashing = flash?.key === key;
          return (
            <CountRow
              key={flashing ? `${key}:${flash.n}` : key}
              line={line}
              top={item.start}
              index={item.index}
              flashing={flashing}
              onCounted={onCounted}
              scanRef={scanRef}
              error={error?.key === key ? error.message : null}
            />
          );
        })}
      </div>
    </div>
  );
}

function CountRow({ line, top, index, flashing, onCounted, scanRef, error }: {
  line: CountLine;
  top: number;
  index: number;
  flashing: boolean;
  onCounted: (line: CountLine, counted: number | null) => Promise<void>;
  scanRef: RefObject<HTMLInputElement | null>;
  error: string | null;
}) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  const shown = line.counted === null ? '' : String(line.counted);
  const [text, setText] = useState<string | null>(null);
  const d = diffLine(line);
  const parsed = text === null ? undefined : parseNumberInput(text);
  const invalid = parsed !== undefined && parsed !== null && (Number.isNaN(parsed) || parsed < 0);

  const commit = async () => {
    if (text === null || invalid) return;
    const value = parsed ?? null;
    if (value !== line.counted) await onCounted(line, value);
    setText(null);
  };

  return (
    <div
      className={`vlist-row${flashing ? ' flash' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      data-product-id={line.productId}
      data-bin={line.stockLabel}
      style={{ top, gridTemplateColumns: COLUMNS, height: ROW_H }}
    >
      <div role="cell" className="mono">{line.itemNumber ?? ''}</div>
      <div role="cell" className="mono">{line.ean ?? ''}</div>
      <div role="cell" title={line.name}>{line.name}</div>
      <div role="cell" className={line.stockLabel ? 'mono' : 'muted'} data-testid={`bin-${lineKey(line)}`}>{line.stockLabel || t('count.noBin')}</div>
      <div role="cell" className="muted">{line.unit}</div>
      {line.movedTo === undefined ? (
        <div role="cell" className="num">{f.qty(line.expected)}</div>
      ) : (
        <div role="cell" className="num warn" title={t('count.movedHint', { expected: f.qty(line.expected), now: f.qty(line.movedTo) })} data-testid={`moved-${lineKey(line)}`}>
          {f.qty(line.expected)} → {f.qty(line.movedTo)}
        </div>
      )}
      <div role="cell" className="num">
        <input
          type="text"
          inputMode="decimal"
          className="num"
          style={{ width: 90, height: 24 }}
          aria-label={line.stockLabel ? t('count.countedOfBin', { name: line.name, bin: line.stockLabel }) : t('count.countedOf', { name: line.name })}
          aria-invalid={invalid || error ? true : undefined}
          title={error ?? undefined}
          data-testid={`counted-${lineKey(line)}`}
          value={text ?? shown}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => void commit()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void commit().then(() => scanRef.current?.focus());
            } else if (e.key === 'Escape') {
              setText(null);
              scanRef.current?.focus();
            }
          }}
        />
      </div>
      <div role="cell" className={`num ${d.kind === 'surplus' ? 'diff-pos' : d.kind === 'shortage' ? 'diff-neg' : 'muted'}`} data-testid={`diff-${lineKey(line)}`}>
        {d.difference === null ? '–' : f.signed(d.difference)}
      </div>
    </div>
  );
}
