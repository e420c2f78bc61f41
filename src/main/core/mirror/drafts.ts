/**
 * Unposted screen input, kept across crashes: a key, a JSON value, and whose it is. A draft belongs
 * to the clerk who typed it: another clerk signed in on the same desk starts from a blank screen, and
 * gets hers back when she signs in again. The desk's first keys (LEGACY_CLERK_ID, and a desk with no
 * keys) keep the bare screen key, so drafts written before clerks had their own stay their owner's.
 */
import { LEGACY_CLERK_ID } from '../clerkBook';
import { stmt, type Db } from './db';

const SEP = '\u001f';

/** The stored key of `key` for `clerkId` (null: no clerk signed in). */
export function draftKey(clerkId: string | null, key: string): string {
  return clerkId === null || clerkId === LEGACY_CLERK_ID ? key : `${clerkId}${SEP}${key}`;
}

export function getDraft(db: Db, clerkId: string | null, key: string): unknown {
  const r = stmt(db, 'SELECT value FROM drafts WHERE key = ?').get(draftKey(clerkId, key)) as { value: string } | undefined;
  return r ? (JSON.parse(r.value) as unknown) : null;
}

export function setDraft(db: Db, clerkId: string | null, key: string, value: unknown, now: Date): void {
  stmt(db, 'INSERT OR REPLACE INTO drafts (key, value, updated_at) VALUES (?, ?, ?)').run(draftKey(clerkId, key), JSON.stringify(value ?? null), now.toISOString());
}

export function clearDraft(db: Db, clerkId: string | null, key: string): void {
  stmt(db, 'DELETE FROM drafts WHERE key = ?').run(draftKey(clerkId, key));
}

/** A clerk removed from the desk takes her drafts with her (the desk's first keys keep theirs). */
export function clearClerkDrafts(db: Db, clerkId: string): void {
  if (clerkId === LEGACY_CLERK_ID) return;
  stmt(db, 'DELETE FROM drafts WHERE substr(key, 1, ?) = ?').run(clerkId.length + 1, `${clerkId}${SEP}`);
}
