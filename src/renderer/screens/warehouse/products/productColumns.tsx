import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { StockFigure } from '../../../components/StockFigure';
import { Icon } from '../../../components/Icon';
import type { TFunction } from 'i18next';
import type { useFormat } from '../../../lib/useFormat';
import type { IndexedProduct } from './useProductPages';

const col = createColumnHelper<IndexedProduct>();

export interface ColumnMeta {
  width: string;
  num?: boolean;
}

/** Below this list width the group column gives its room to the name (the detail panel shows the group). */
export const GROUP_COLUMN_FROM = 1000;

/**
 * The catalogue's columns; widths feed the CSS grid of the virtual rows. The name takes what the
 * others leave; on a list narrower than GROUP_COLUMN_FROM (1440 px with a product open) the group
 * column is left out, so names such as the demo's longest (≈ 276 px) show whole.
 */
export function productColumns(t: TFunction<'warehouse'>, f: ReturnType<typeof useFormat>, withGroup = true) {
  const meta = (width: string, num = false): ColumnMeta => ({ width, num });
  return [
    col.accessor((r) => r.product.itemNumber ?? '', { id: 'itemNumber', header: t('products.col.itemNumber'), meta: meta('104px') }),
    col.accessor((r) => r.product.ean ?? '', { id: 'ean', header: t('products.col.ean'), meta: meta('124px') }),
    col.accessor((r) => r.product.name, {
      id: 'name',
      header: t('products.col.name'),
      meta: meta(withGroup ? 'minmax(150px, 2.4fr)' : 'minmax(150px, 1fr)'),
      cell: (c) => (
        <>
          {/* Before the name, which is cut at its end when the column is narrow: the mark always shows. */}
          {c.row.original.product.refusedEntryId !== null ? (
            <Link
              className="badge danger"
              style={{ marginRight: 6 }}
              to={`/sync?entry=${c.row.original.product.refusedEntryId}`}
              title={t('products.refusedBadge')}
              aria-label={t('products.refusedBadge')}
              data-testid="product-refused"
              onClick={(e) => e.stopPropagation()}
            >
              <Icon name="warning" size={12} />
            </Link>
          ) : null}
          {c.getValue()}
          {c.row.original.product.local ? <span className="badge pending" style={{ marginLeft: 6 }}>{t('products.localBadge')}</span> : null}
        </>
      ),
    }),
    ...(withGroup ? [col.accessor((r) => r.product.productGroup ?? '', { id: 'group', header: t('products.col.group'), meta: meta('minmax(72px, 1fr)') })] : []),
    col.accessor((r) => r.product.unit, { id: 'unit', header: t('products.col.unit'), meta: meta('68px') }),
    col.accessor((r) => r.product.listPrice, {
      id: 'listPrice',
      header: t('products.col.listPrice'),
      meta: meta('104px', true),
      cell: (c) => {
        const v = c.getValue();
        return v === null ? '' : f.money(v, c.row.original.product.currency);
      },
    }),
    col.accessor((r) => r.product.deliverable, {
      id: 'deliverable',
      header: t('products.col.deliverable'),
      meta: meta('80px', true),
      cell: (c) => (c.row.original.product.service ? <span className="muted" title={t('products.serviceHint')}>–</span> : <StockFigure value={c.getValue()} />),
    }),
    col.accessor((r) => r.product.available, {
      id: 'available',
      header: t('products.col.available'),
      meta: meta('80px', true),
      cell: (c) => (c.row.original.product.service ? '' : <StockFigure value={c.getValue()} />),
    }),
  ];
}
