/**
 * The change table would grow for ever: entries older than the retention are deleted, in batches (a
 * bounded transaction each), by every instance on a timer (on PostgreSQL two instances pruning at once
 * only delete the same rows once). A desk that comes back after longer than the retention sends a
 * position the table no longer holds, is told `reset` (feed/route.ts) and catches up through its
 * incremental pulls, which never depended on the feed.
 */
import type { Sql, Store } from '../db/sql';
import { outsideBatchTransaction } from '../db/sqlite/groupCommit';

const BATCH = 5_000;

/** Deletes entries written more than `keepSeconds` ago (by the database's clock); returns how many. */
export async function pruneFeed(store: Store, keepSeconds: number): Promise<number> {
  const sql =
    store.engine === 'postgres'
      ? 'DELETE FROM feed_changes WHERE id IN (SELECT id FROM feed_changes WHERE at_s < extract(epoch from clock_timestamp())::bigint - ?::bigint ORDER BY at_s LIMIT ?::bigint)'
      : 'DELETE FROM feed_changes WHERE id IN (SELECT id FROM feed_changes WHERE at_s < unixepoch() - ? ORDER BY at_s LIMIT ?)';
  // On SQLite the server's one connection may hold a group commit's open batch: a write of our own stays outside it.
  const write = (fn: (tx: Sql) => Promise<number>) => (store.engine === 'sqlite' ? outsideBatchTransaction(store, fn) : store.transaction(fn));
  let total = 0;
  for (;;) {
    const n = await write(async (tx) => (await tx.run(sql, [Math.floor(keepSeconds), BATCH])).changes);
    total += n;
    if (n < BATCH) return total;
  }
}
