/** Unposted screen input, kept across crashes: a key, a JSON value. */
import { stmt, type Db } from './db';

export function getDraft(db: Db, key: string): unknown {
  const r = stmt(db, 'SELECT value FROM drafts WHERE key = ?').get(key) as { value: string } | undefined;
  return r ? (JSON.parse(r.value) as unknown) : null;
}

export function setDraft(db: Db, key: string, value: unknown, now: Date): void {
  stmt(db, 'INSERT OR REPLACE INTO drafts (key, value, updated_at) VALUES (?, ?, ?)').run(key, JSON.stringify(value ?? null), now.toISOString());
}

export function clearDraft(db: Db, key: string): void {
  stmt(db, 'DELETE FROM drafts WHERE key = ?').run(key);
}
