import { keepPreviousData, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { ProductRow, ResultOf } from '@shared/ipc';
import { channelKey, invoke } from '../../../lib/ipc';
import type { InvokeError } from '../../../lib/errors';

export const PAGE_SIZE = 200;

export interface IndexedProduct {
  index: number;
  product: ProductRow;
}

type Page = ResultOf<'products.search'> & { offset: number };

export interface ProductPages {
  total: number;
  rows: IndexedProduct[];
  loading: boolean;
  error: InvokeError | null;
  /** The first page belongs to an earlier search (the new one is still running). */
  stale: boolean;
}

// Module-level so useQueries can keep the combined result while no page changed.
function combine(results: Array<UseQueryResult<Page>>): ProductPages {
  const rows: IndexedProduct[] = [];
  for (const r of results) r.data?.rows.forEach((product, i) => rows.push({ index: r.data.offset + i, product }));
  const first = results[0];
  return {
    total: first?.data?.total ?? 0,
    rows,
    loading: results.some((r) => r.isFetching),
    error: (results.find((r) => r.error)?.error as InvokeError | undefined) ?? null,
    stale: first?.isPlaceholderData ?? false,
  };
}

/**
 * The pages of `products.search` that cover the visible rows, fetched as the list scrolls; the
 * first page is always held because it carries the total. A jump to row 50,000 loads only that page.
 */
export function useProductPages(query: string, firstVisible: number, lastVisible: number): ProductPages {
  const pages = new Set<number>([0]);
  for (let p = Math.floor(Math.max(0, firstVisible) / PAGE_SIZE); p <= Math.floor(Math.max(0, lastVisible) / PAGE_SIZE); p++) pages.add(p);
  return useQueries({
    queries: [...pages].sort((a, b) => a - b).map((page) => {
      const request = { query, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
      return {
        queryKey: channelKey('products.search', request),
        queryFn: async (): Promise<Page> => ({ ...(await invoke('products.search', request)), offset: request.offset }),
        // Keeps the list (and its length) in place while the next search runs.
        placeholderData: page === 0 ? keepPreviousData : undefined,
      };
    }),
    combine,
  });
}
