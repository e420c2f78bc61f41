/**
 * How a request's transaction on PostgreSQL is run again (db/directTransactions.ts): a deadlock or a
 * serialization failure up to 6 attempts with growing random pauses, a unique violation once (the
 * check then sees the winner and answers its reason), anything else never. The concurrency specs
 * beside this file show the effect over HTTP; this pins the bounds.
 */
import { describe, expect, it } from 'vitest';
import { DirectTransactions, MAX_ATTEMPTS, retryAfter } from '@server/db/directTransactions';
import type { Sql, Store } from '@server/db/sql';

/** A store whose transactions fail with `codes` in turn, then succeed; counts the attempts. */
function failing(codes: string[]) {
  let attempts = 0;
  const store = {
    engine: 'postgres',
    async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
      const code = codes[attempts++];
      if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
      return fn(store as unknown as Sql);
    },
  } as unknown as Store;
  return { tx: new DirectTransactions(store), attempts: () => attempts };
}

describe('a request transaction that loses to another', () => {
  it('is run again after a deadlock or serialization failure, up to 6 attempts in all', async () => {
    const ok = failing(['40P01', '40001', '40P01', '40P01', '40001']);
    expect(await ok.tx.run(async () => 'done')).toBe('done');
    expect(ok.attempts()).toBe(6);
    const lost = failing(Array.from({ length: 10 }, () => '40P01'));
    await expect(lost.tx.run(async () => 'done')).rejects.toMatchObject({ code: '40P01' });
    expect(lost.attempts()).toBe(MAX_ATTEMPTS);
  });

  it('is run again once after a unique violation, never after other errors', async () => {
    const once = failing(['23505']);
    expect(await once.tx.run(async () => 'done')).toBe('done');
    const twice = failing(['23505', '23505']);
    await expect(twice.tx.run(async () => 'done')).rejects.toMatchObject({ code: '23505' });
    expect(twice.attempts()).toBe(2);
    const other = failing(['42601']);
    await expect(other.tx.run(async () => 'done')).rejects.toMatchObject({ code: '42601' });
    expect(other.attempts()).toBe(1);
  });

  it('pauses a random while that grows with the attempt', () => {
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const pauses = Array.from({ length: 50 }, () => retryAfter({ code: '40P01' }, attempt)!);
      expect(Math.max(...pauses)).toBeLessThanOrEqual(5 * 2 ** attempt);
      expect(new Set(pauses).size).toBeGreaterThan(1);
    }
    expect(retryAfter({ code: '40P01' }, MAX_ATTEMPTS)).toBeUndefined();
  });
});
