/**
 * The change table would grow for ever: entries older than the retention are deleted, in batches (a
 * bounded transaction each), by every instance on a timer (on PostgreSQL two instances pruning at once
 * only delete the same rows once). A desk that comes back after longer than the retention sends a
 * position the table no longer holds, is told `reset` (feed/route.ts) and catches up through its
 * incremental pulls, which never depended on the feed.
 */
import type { Sql, Store } from '../db/sql';
import { outsideBatchTransaction } from '../db/sqlite/groupCommit';

export const BATCH = 5_000;

/** SQLite's batch: the first BATCH ids, those of them older than the retention (exported for the test of its plan). */
export const SQLITE_PRUNE = 'DELETE FROM feed_changes WHERE id IN (SELECT id FROM (SELECT id, at_s FROM feed_changes ORDER BY id LIMIT ?) WHERE at_s < unixepoch() - ?)';

/** Deletes entries written more than `keepSeconds` ago (by the database's clock); returns how many. */
export async function pruneFeed(store: Store, keepSeconds: number): Promise<number> {
  // SQLite's oldest entries are its first ids (feed/migration.ts): a batch looks at the first BATCH
  // ids only, so a pass over young entries reads no more than that. Should the clock have been set
  // back, a young entry among them ends the pass, and old ones past the batch wait for a later pass
  // (after a clock step, not for ever). PostgreSQL's ids are not in commit order: its at_s index.
  const [sql, params] =
    store.engine === 'postgres'
      ? ['DELETE FROM feed_changes WHERE id IN (SELECT id FROM feed_changes WHERE at_s < extract(epoch from clock_timestamp())::bigint - ?::bigint ORDER BY at_s LIMIT ?::bigint)', [Math.floor(keepSeconds), BATCH]]
      : [SQLITE_PRUNE, [BATCH, Math.floor(keepSeconds)]];
  // On SQLite the server's one connection may hold a group commit's open batch: a write of our own stays outside it.
  const write = (fn: (tx: Sql) => Promise<number>) => (store.engine === 'sqlite' ? outsideBatchTransaction(store, fn) : store.transaction(fn));
  let total = 0;
  for (;;) {
    const n = await write(async (tx) => (await tx.run(sql, params)).changes);
    total += n;
    if (n < BATCH) return total;
  }
}
