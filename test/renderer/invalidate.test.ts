// @vitest-environment jsdom
/**
 * invalidate (lib/ipc.ts): a push event that arrives while a query's first read is on its way must
 * not be lost. TanStack Query joins such a read instead of starting another (the control below), so
 * its answer, read before the change, would stay on screen; invalidate reads it once more.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { SyncStatus } from '@shared/ipc';
import { setApi } from '@renderer/lib/api';
import { channelKey, connectEvents, invalidate, invoke } from '@renderer/lib/ipc';
import { FakeApi } from './fakeApi';

/** An observed query (as a mounted screen's is) whose reads the test answers by hand. */
function observed(client: QueryClient) {
  const reads: Array<(v: string) => void> = [];
  const observer = new QueryObserver<string>(client, { queryKey: ['outbox.list', { states: ['done'] }], queryFn: () => new Promise<string>((r) => reads.push(r)), staleTime: 30_000 });
  const seen: Array<string | undefined> = [];
  const off = observer.subscribe((r) => seen.push(r.data));
  return { reads, observer, seen, off };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('invalidate', () => {
  it('reads a query again when the change came while its first read was on its way', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    expect(q.reads).toHaveLength(1);
    invalidate(client, ['outbox.list']);
    q.reads[0]!('sending'); // read before the change
    await settle();
    expect(q.reads).toHaveLength(2);
    q.reads[1]!('done');
    await settle();
    expect(q.observer.getCurrentResult().data).toBe('done');
    q.off();
  });

  it('a query with data is read again at once, and only once', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    q.reads[0]!('sending');
    await settle();
    invalidate(client, ['outbox.list']);
    await settle();
    expect(q.reads).toHaveLength(2);
    q.reads[1]!('done');
    await settle();
    expect(q.reads).toHaveLength(2);
    expect(q.observer.getCurrentResult().data).toBe('done');
    q.off();
  });

  it('control: TanStack Query alone keeps the first read’s answer', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    void client.invalidateQueries({ queryKey: ['outbox.list'] });
    q.reads[0]!('sending');
    await settle();
    expect(q.reads).toHaveLength(1);
    expect(q.observer.getCurrentResult().data).toBe('sending');
    q.off();
  });
});

describe('a push event that sets a cached read', () => {
  afterEach(() => setApi(undefined));

  /** The fake core, with its sync.status reads answered by hand: each answers the status as it was when asked. */
  function desk() {
    const api = new FakeApi();
    const answers: Array<() => void> = [];
    const real = api.invoke.bind(api);
    api.invoke = ((channel: string, request: unknown) => {
      if (channel !== 'sync.status') return real(channel as never, request as never);
      const asked = structuredClone(api.status);
      return new Promise<SyncStatus>((r) => answers.push(() => r(asked)));
    }) as typeof api.invoke;
    setApi(api);
    const client = new QueryClient();
    const off = connectEvents(client);
    const observer = new QueryObserver<SyncStatus>(client, { queryKey: channelKey('sync.status', {}), queryFn: () => invoke('sync.status', {}), staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    return { api, answers, observer, close: () => (unsubscribe(), off()) };
  }

  it('a sync.status event during the status’s first read is not undone by that read’s older answer', async () => {
    const d = desk();
    d.api.status = { ...d.api.status, outbox: { queued: 1, inFlight: 0, needsAttention: 0 } };
    await settle();
    expect(d.answers).toHaveLength(1);
    d.api.status = { ...d.api.status, outbox: { queued: 0, inFlight: 0, needsAttention: 0 } };
    d.api.emit('sync.status', d.api.status);
    d.answers[0]!(); // queued: 1, asked before the event
    await settle();
    expect(d.answers).toHaveLength(2);
    d.answers[1]!();
    await settle();
    expect(d.observer.getCurrentResult().data?.outbox.queued).toBe(0);
    d.close();
  });

  it('an outbox.changed event during the status’s first read (nothing yet to update) is read again', async () => {
    const d = desk();
    d.api.status = { ...d.api.status, outbox: { queued: 2, inFlight: 0, needsAttention: 0 } };
    await settle();
    d.api.status = { ...d.api.status, outbox: { queued: 0, inFlight: 0, needsAttention: 0 } };
    d.api.emit('outbox.changed', d.api.status.outbox);
    d.answers[0]!();
    await settle();
    expect(d.answers).toHaveLength(2);
    d.answers[1]!();
    await settle();
    expect(d.observer.getCurrentResult().data?.outbox.queued).toBe(0);
    d.close();
  });
});
