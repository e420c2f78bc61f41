/**
 * Numbered migrations tracked in SQLite's user_version. All pending migrations run in one
 * transaction, so a failure leaves the database exactly as it was. A database written by a newer
 * version of the program is refused rather than misread.
 */
import type { Db, Migration } from './types';

export class FutureDatabaseError extends Error {
  override name = 'FutureDatabaseError';
}

export function userVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

export function migrate(db: Db, migrations: Migration[]): { from: number; to: number } {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const from = userVersion(db);
  const latest = migrations.length;
  if (from > latest) {
    throw new FutureDatabaseError(
      `The database is at schema version ${from}, newer than this program understands (${latest}). Install the newer version of the program, or restore a backup made by this one.`,
    );
  }
  if (from === latest) return { from, to: from };
  db.transaction(() => {
    for (const m of migrations.slice(from)) {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }
  })();
  return { from, to: latest };
}
