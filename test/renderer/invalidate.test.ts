/**
 * invalidate (lib/ipc.ts): a push event that arrives while a query's first read is on its way must
 * not be lost. TanStack Query joins such a read instead of starting another (the control below), so
 * its answer, read before the change, would stay on screen; invalidate reads it once more.
 */
import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { invalidate } from '@renderer/lib/ipc';

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
