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
  const off = observer.subscribe(() => undefined);
  /** Answers read i with value, and lets the library act on it. */
  const answer = async (i: number, value: string) => {
    reads[i]!(value);
    await settle();
  };
  return { reads, observer, answer, off };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('invalidate', () => {
  it('reads a query again when the change came while its first read was on its way', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    expect(q.reads).toHaveLength(1);
    void invalidate(client, ['outbox.list']);
    await q.answer(0, 'sending'); // read before the change
    expect(q.reads).toHaveLength(2);
    await q.answer(1, 'done');
    expect(q.observer.getCurrentResult().data).toBe('done');
    q.off();
  });

  it('a query with data is read again at once, and only once', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    await q.answer(0, 'sending');
    void invalidate(client, ['outbox.list']);
    await settle();
    expect(q.reads).toHaveLength(2);
    await q.answer(1, 'done');
    expect(q.reads).toHaveLength(2);
    expect(q.observer.getCurrentResult().data).toBe('done');
    q.off();
  });

  it('control: TanStack Query alone keeps the first read’s answer', async () => {
    const client = new QueryClient();
    const q = observed(client);
    await settle();
    void client.invalidateQueries({ queryKey: ['outbox.list'] });
    await q.answer(0, 'sending');
    expect(q.reads).toHaveLength(1);
    expect(q.observer.getCurrentResult().data).toBe('sending');
    q.off();
  });
});

describe('a push event that sets a cached read', () => {
  afterEach(() => setApi(undefined));

  /**
   * The fake core with `queued` entries waiting, its sync.status reads answered by hand (each with the
   * status as it was when asked), and an observed status read, whose first read is then on its way.
   */
  async function desk(queued: number) {
    const api = new FakeApi();
    api.status = { ...api.status, outbox: { queued, inFlight: 0, needsAttention: 0 } };
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
    await settle();
    expect(answers).toHaveLength(1);
    // The engine sends every entry: the status's first read has not been answered yet.
    api.status = { ...api.status, outbox: { queued: 0, inFlight: 0, needsAttention: 0 } };
    const answer = async (i: number) => {
      answers[i]!();
      await settle();
    };
    return { api, answers, answer, queued: () => observer.getCurrentResult().data?.outbox.queued, close: () => (unsubscribe(), off()) };
  }

  it('a sync.status event during the status’s first read is not undone by that read’s older answer', async () => {
    const d = await desk(1);
    d.api.emit('sync.status', d.api.status);
    await d.answer(0); // queued: 1, asked before the event
    expect(d.answers).toHaveLength(2);
    await d.answer(1);
    expect(d.queued()).toBe(0);
    d.close();
  });

  it('an outbox.changed event during the status’s first read (nothing yet to update) is read again', async () => {
    const d = await desk(2);
    d.api.emit('outbox.changed', d.api.status.outbox);
    await d.answer(0);
    expect(d.answers).toHaveLength(2);
    await d.answer(1);
    expect(d.queued()).toBe(0);
    d.close();
  });
});
