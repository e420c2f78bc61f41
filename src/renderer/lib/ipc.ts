/**
 * Typed access to the core: `invoke` for commands, `useChannel` for reads cached by TanStack Query
 * under the key `[channel, request]`, and the push events that keep those caches true.
 */
import { useEffect } from 'react';
import { QueryClient, useMutation, useQuery, useQueryClient, type Query, type UseQueryOptions } from '@tanstack/react-query';
import type { ChannelName, Events, RequestOf, ResultOf, SyncStatus } from '@shared/ipc';
import { getApi } from './api';
import { toInvokeError, type InvokeError } from './errors';
import { setAccountTimeZone } from './accountDay';

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

/**
 * Reads the core answers from the server when it can be reached and from the mirror, marked as kept,
 * when it cannot: read again when the connection comes or goes, so a screen never shows a kept answer
 * unmarked (or a marked one once the server answers again).
 */
export const CONNECTION_CHANNELS: ChannelName[] = ['po.open', 'po.get', 'receiving.orders', 'stock.history'];

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The mirror is local: reads are cheap, and the push events say when they go stale.
      queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Per client: queries whose first read was on its way when they went stale (see invalidate). */
const readAgain = new WeakMap<QueryClient, WeakSet<Query>>();

function readAgainOf(client: QueryClient): WeakSet<Query> {
  let set = readAgain.get(client);
  if (!set) {
    readAgain.set(client, (set = new WeakSet()));
    const pending = set;
    client.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || (e.action.type !== 'success' && e.action.type !== 'error') || !pending.delete(e.query)) return;
      void client.invalidateQueries({ queryKey: e.query.queryKey, exact: true });
    });
  }
  return set;
}

/**
 * Marks the channels' cached reads stale and reads the shown ones again. TanStack Query cancels a
 * read in flight for the new one only when the query already has data; a first read still on its
 * way is joined instead, and its answer may predate the change. Such a query is read once more
 * when that answer arrives: otherwise a status that read "sending" just before the engine confirmed
 * the entry would say "sending" for good (stop 27's failed CI run).
 */
export function invalidate(client: QueryClient, channels?: Iterable<ChannelName>): Promise<void> {
  // No channels: every cached read (a restored backup).
  const filters = channels ? [...new Set(channels)].map((channel) => ({ queryKey: [channel] })) : [{}];
  return Promise.all(filters.map((f) => {
    for (const q of client.getQueryCache().findAll({ ...f, fetchStatus: 'fetching' })) {
      if (q.state.data === undefined) readAgainOf(client).add(q);
    }
    return client.invalidateQueries(f);
  })).then(() => undefined);
}

/**
 * Puts what a push event says into a cached read. A read of it on its way would land after the
 * event with an older answer (or, a first read, make the update find nothing to update): such a
 * query is read once more when that answer arrives.
 */
function setFromEvent<T>(client: QueryClient, key: readonly unknown[], update: T | ((old: T | undefined) => T | undefined)): void {
  client.setQueryData<T>(key, update as never);
  const q = client.getQueryCache().find({ queryKey: key, exact: true });
  if (q?.state.fetchStatus === 'fetching') readAgainOf(client).add(q);
}

/** Subscribes the cache to the core's push events; returns the unsubscribe. */
export function connectEvents(client: QueryClient): () => void {
  const api = getApi();
  let online: boolean | null = null;
  const statusKey = JSON.stringify(channelKey('sync.status', {}));
  // Whatever brings the sync status (a read or a push) brings the account's time zone: "today" follows it.
  const zoneOff = client.getQueryCache().subscribe((e) => {
    if (e.type === 'updated' && JSON.stringify(e.query.queryKey) === statusKey) setAccountTimeZone((e.query.state.data as SyncStatus | undefined)?.timeZone);
  });
  const offs = [
    zoneOff,
    api.on('mirror.changed', ({ tables }) => void invalidate(client, tables.flatMap((t) => TABLE_CHANNELS[t] ?? []))),
    api.on('outbox.changed', (outbox) => {
      setFromEvent<SyncStatus>(client, channelKey('sync.status', {}), (s) => (s ? { ...s, outbox } : s));
      // The engine sending, confirming or refusing entries says only this: what waits behind an entry changes too.
      void invalidate(client, ['outbox.list', 'outbox.discardPlan']);
    }),
    api.on('sync.status', (status) => {
      setFromEvent(client, channelKey('sync.status', {}), status);
      if (online !== null && status.online !== online) void invalidate(client, CONNECTION_CHANNELS);
      online = status.online;
    }),
    api.on('updates.status', (status) => {
      setFromEvent(client, channelKey('shell.updateStatus', {}), status);
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
