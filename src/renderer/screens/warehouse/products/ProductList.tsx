import { useEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { flexRender, getCoreRowModel, useReactTable, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/useFormat';
import { GROUP_COLUMN_FROM, productColumns, type ColumnMeta } from './productColumns';
import { useProductPages, type IndexedProduct } from './useProductPages';

const ROW_H = 28;

/** The element's width, followed as the window or the panel beside it changes (0 where nothing is laid out). */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

/**
 * The whole catalogue as one scrolling list: TanStack Virtual draws the visible rows only, and
 * the pages under them are fetched as they come into view.
 */
export function ProductList({ query, selected, onSelect, onSelectedProduct, onOpen, listRef }: {
  query: string;
  selected: number | null;
  onSelect: (index: number) => void;
  /** The product under the selection, once its page has loaded. */
  onSelectedProduct: (productId: number | null) => void;
  onOpen: (productId: number) => void;
  listRef: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('warehouse');
  const f = useFormat();
  const width = useWidth(listRef);
  const withGroup = width >= GROUP_COLUMN_FROM;
  const columns = useMemo(() => productColumns(t, f, withGroup), [t, f, withGroup]);
  const template = columns.map((c) => (c.meta as ColumnMeta).width).join(' ');

  // The pages follow the rows in view; the virtualizer reports them as the list scrolls.
  const [range, setRange] = useState({ start: 0, end: 50 });
  const pages = useProductPages(query, range.start, range.end);
  const v = useVirtualizer({
    count: pages.total,
    getScrollElement: () => listRef.current,
    estimateSize: () => ROW_H,
    overscan: 20,
    // Rows are drawn on the first paint, before the box has been measured.
    initialRect: { width: 0, height: 600 },
    onChange: (inst) => {
      const vis = inst.getVirtualItems();
      const next = { start: vis[0]?.index ?? 0, end: vis[vis.length - 1]?.index ?? 0 };
      setRange((r) => (r.start === next.start && r.end === next.end ? r : next));
    },
  });
  const items = v.getVirtualItems();

  const table = useReactTable<IndexedProduct>({ data: pages.rows, columns, getCoreRowModel: getCoreRowModel() });
  // The table object stays the same across renders; its row model follows `data`.
  const rowModel = table.getRowModel();
  const byIndex = useMemo(() => new Map<number, Row<IndexedProduct>>(rowModel.rows.map((r) => [r.original.index, r])), [rowModel]);

  useEffect(() => {
    // A new search starts at the top.
    if (listRef.current) listRef.current.scrollTop = 0;
  }, [query, listRef]);

  useEffect(() => {
    if (selected !== null) v.scrollToIndex(selected, { align: 'auto' });
  }, [selected, v]);

  const selectedId = selected === null ? null : (byIndex.get(selected)?.original.product.id ?? null);
  useEffect(() => {
    onSelectedProduct(selectedId);
  }, [selectedId, onSelectedProduct]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 400) / ROW_H) - 1);
    const cur = selected ?? -1;
    const to = (i: number) => {
      onSelect(Math.max(0, Math.min(pages.total - 1, i)));
    };
    if (e.key === 'ArrowDown') to(cur + 1);
    else if (e.key === 'ArrowUp') to(cur - 1);
    else if (e.key === 'PageDown') to(cur + page);
    else if (e.key === 'PageUp') to(cur - page);
    else if (e.key === 'Home') to(0);
    else if (e.key === 'End') to(pages.total - 1);
    else if (e.key === 'Enter' && selected !== null) {
      const id = byIndex.get(selected)?.original.product.id;
      if (id !== undefined) onOpen(id);
    } else return;
    e.preventDefault();
  };

  const header = table.getHeaderGroups()[0];
  return (
    <div
      className="vlist"
      ref={listRef}
      tabIndex={0}
      role="grid"
      aria-rowcount={pages.total + 1}
      aria-busy={pages.loading}
      aria-label={t('nav.products')}
      onKeyDown={onKeyDown}
      data-testid="product-list"
      data-total={pages.total}
    >
      <div className="vlist-head" role="row" style={{ gridTemplateColumns: template }}>
        {header?.headers.map((h) => (
          <div key={h.id} role="columnheader" className={(h.column.columnDef.meta as ColumnMeta).num ? 'num' : undefined}>
            {flexRender(h.column.columnDef.header, h.getContext())}
          </div>
        ))}
      </div>
      <div style={{ height: v.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const row = byIndex.get(item.index);
          const sel = item.index === selected;
          if (!row) {
            return <div key={item.key} className="vlist-row placeholder" style={{ top: item.start, gridTemplateColumns: template }} aria-hidden="true">{columns.map((c) => <div key={c.id} />)}</div>;
          }
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              aria-selected={sel}
              className={`vlist-row${sel ? ' selected' : ''}`}
              style={{ top: item.start, gridTemplateColumns: template }}
              onClick={() => onSelect(item.index)}
              onDoubleClick={() => onOpen(row.original.product.id)}
              data-product-id={row.original.product.id}
            >
              {row.getVisibleCells().map((c) => (
                <div key={c.id} role="gridcell" className={(c.column.columnDef.meta as ColumnMeta).num ? 'num' : undefined}>
                  {flexRender(c.column.columnDef.cell, c.getContext())}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      {!pages.loading && pages.total === 0 ? <div className="empty">{t('products.noMatches')}</div> : null}
    </div>
  );
}
