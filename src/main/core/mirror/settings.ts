/** Key/value settings and sync bookkeeping, each value JSON. */
import { stmt, type Db } from './db';

export function getKv<T>(db: Db, table: 'settings' | 'sync_state', key: string, fallback: T): T {
  const r = stmt(db, `SELECT value FROM ${table} WHERE key = ?`).get(key) as { value: string } | undefined;
  return r ? (JSON.parse(r.value) as T) : fallback;
}

export function setKv(db: Db, table: 'settings' | 'sync_state', key: string, value: unknown): void {
  if (value === undefined) stmt(db, `DELETE FROM ${table} WHERE key = ?`).run(key);
  else stmt(db, `INSERT INTO ${table} (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`).run(key, JSON.stringify(value));
}

/** The next local id of a kind: -1, -2, … never reused, so id_map entries stay unambiguous. */
export function nextLocalId(db: Db, kind: string): number {
  const r = stmt(db, 'INSERT INTO local_ids (kind, last) VALUES (?, -1) ON CONFLICT (kind) DO UPDATE SET last = last - 1 RETURNING last').get(kind) as { last: number };
  return r.last;
}

export function mapId(db: Db, kind: string, localId: number, serverId: number): void {
  stmt(db, 'INSERT OR REPLACE INTO id_map (kind, local_id, server_id) VALUES (?, ?, ?)').run(kind, localId, serverId);
}

/** A local id's server id, or the id itself when it is already a server id. */
export function resolveId(db: Db, kind: string, id: number): number | null {
  if (id > 0) return id;
  const r = stmt(db, 'SELECT server_id FROM id_map WHERE kind = ? AND local_id = ?').get(kind, id) as { server_id: number } | undefined;
  return r ? r.server_id : null;
}

/** The row id a screen's id refers to now: a renumbered local id becomes its server id. */
export const currentId = (db: Db, kind: string, id: number): number => (id < 0 ? (resolveId(db, kind, id) ?? id) : id);
