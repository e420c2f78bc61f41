/**
 * Typed access to the core: `invoke` for commands, `useChannel` for reads cached by TanStack Query
 * under the key `[channel, request]`, and the push events that keep those caches true.
 */
import { useEffect } from 'react';
import { QueryClient, useMutation, useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { ChannelName, Events, RequestOf, ResultOf, SyncStatus } from '@shared/ipc';
import { getApi } from './api';
import { toInvokeError, type InvokeError } from './errors';

export async function invoke<C extends ChannelName>(channel: C, request: RequestOf<C>): Promise<ResultOf<C>> {
  try {
    return await getApi().invoke(channel, request);
  } catch (e) {
    throw toInvokeError(e);
  }
}

export const channelKey = <C extends ChannelName>(channel: C, request?: RequestOf<C>) =>
  request === undefined ? ([channel] as const) : ([channel, request] as const);

type QueryOpts<C extends ChannelName> = Omit<UseQueryOptions<ResultOf<C>, InvokeError>, 'queryKey' | 'queryFn'>;

/** A read channel as a query; the request is part of the key. */
export function useChannel<C extends ChannelName>(channel: C, request: RequestOf<C>, options: QueryOpts<C> = {}) {
  return useQuery<ResultOf<C>, InvokeError>({
    queryKey: channelKey(channel, request),
    queryFn: () => invoke(channel, request),
    ...options,
  });
}

/** A command channel as a mutation; what it changes comes back through the push events. */
export function useCommand<C extends ChannelName>(channel: C) {
  return useMutation<ResultOf<C>, InvokeError, RequestOf<C>>({ mutationFn: (request) => invoke(channel, request) });
}

type Table = Events['mirror.changed']['tables'][number];

/** Which cached reads a change of a mirror table makes stale. Billing's channels are listed here too. */
export const TABLE_CHANNELS: Record<Table, ChannelName[]> = {
  products: ['products.search', 'products.lookup', 'products.get', 'count.get', 'count.list', 'reorder.lowStock'],
  quantities: ['products.search', 'products.lookup', 'products.get', 'count.get', 'stock.bins', 'po.open', 'po.get', 'stock.history', 'receiving.orders', 'reorder.lowStock', 'reorder.rules'],
  contacts: ['contacts.search', 'contacts.get'],
  warehouses: ['warehouses.list'],
  orders: ['orders.list', 'orders.get', 'orders.status'],
  invoices: ['invoices.list', 'invoices.get', 'dues.list'],
  dues: ['dues.list'],
  counts: ['count.list', 'count.get'],
  // The discard plan too: an open discard dialog must not name entries the engine sent meanwhile.
  outbox: ['outbox.list', 'outbox.discardPlan', 'orders.list', 'orders.get', 'invoices.list', 'invoices.get', 'po.open', 'po.get', 'receiving.orders', 'reorder.lowStock', 'reorder.rules', 'reorder.posted'],
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The mirror is local: reads are cheap, and the push events say when they go stale.
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function invalidate(client: QueryClient, channels: Iterable<ChannelName>) {
  for (const channel of new Set(channels)) void client.invalidateQueries({ queryKey: [channel] });
}

/** Subscribes the cache to the core's push events; returns the unsubscribe. */
export function connectEvents(client: QueryClient): () => void {
  const api = getApi();
  const offs = [
    api.on('mirror.changed', ({ tables }) => invalidate(client, tables.flatMap((t) => TABLE_CHANNELS[t] ?? []))),
    api.on('outbox.changed', (outbox) => {
      client.setQueryData<SyncStatus>(channelKey('sync.status', {}), (s) => (s ? { ...s, outbox } : s));
      // The engine sending, confirming or refusing entries says only this: what waits behind an entry changes too.
      invalidate(client, ['outbox.list', 'outbox.discardPlan']);
    }),
    api.on('sync.status', (status) => {
      client.setQueryData(channelKey('sync.status', {}), status);
    }),
    api.on('updates.status', (status) => {
      client.setQueryData(channelKey('shell.updateStatus', {}), status);
    }),
  ];
  return () => offs.forEach((off) => off());
}

export function usePushEvents(): void {
  const client = useQueryClient();
  useEffect(() => connectEvents(client), [client]);
}

/** The sync status, kept current by the push events (and polled slowly in case one was missed). */
export function useSyncStatus() {
  return useChannel('sync.status', {}, { staleTime: Infinity, refetchInterval: 15_000 });
}
