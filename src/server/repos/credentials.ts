/**
 * API keys and session keys. Only SHA-256 hashes are stored: the keys are long random tokens,
 * so a fast hash is enough to make a stolen database useless for calling the API.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/types';
import { stmt } from './statements';

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
export const newKey = (prefix: 'sdk' | 'sds') => `${prefix}_${randomBytes(24).toString('base64url')}`;

export function insertApiKey(db: Db, accountId: number, key: string, label: string, now: Date): number {
  const r = db
    .prepare('INSERT INTO api_keys (account_id, key_hash, label, created_at) VALUES (?, ?, ?, ?)')
    .run(accountId, hashKey(key), label, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function insertSession(db: Db, accountId: number, key: string, label: string, now: Date, expiresAt: Date): number {
  const r = db
    .prepare('INSERT INTO sessions (account_id, key_hash, label, created_at, expires_at) VALUES (?, ?, ?, ?, ?)')
    .run(accountId, hashKey(key), label, now.toISOString(), expiresAt.toISOString());
  return Number(r.lastInsertRowid);
}

/** The account both keys belong to and when the session expires, if both keys are live and the session unexpired. */
export function sessionForKeys(db: Db, apiKey: string, sessionKey: string, now: Date): { accountId: number; expiresAt: string } | undefined {
  // Cached: every request that misses the verified-keys cache runs this, and compiling the join costs more than running it.
  const row = stmt(
    db,
    `SELECT k.account_id, s.expires_at FROM api_keys k JOIN sessions s ON s.account_id = k.account_id
     WHERE k.key_hash = ? AND k.revoked_at IS NULL AND s.key_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
  ).get(hashKey(apiKey), hashKey(sessionKey), now.toISOString()) as { account_id: number; expires_at: string } | undefined;
  return row && { accountId: row.account_id, expiresAt: row.expires_at };
}

// Bumped by every revocation through this connection. SQLite's data_version does not change for a
// connection's own commits, so it alone would miss the server's own admin calls.
const revocations = new WeakMap<Db, number>();
const revoked = (db: Db) => revocations.set(db, (revocations.get(db) ?? 0) + 1);

/** How many revocations were made through this connection (changes when a key may have been revoked). */
export const revocationCount = (db: Db) => revocations.get(db) ?? 0;

export function revokeApiKey(db: Db, id: number, now: Date): boolean {
  revoked(db);
  return db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), id).changes > 0;
}

export function expireSession(db: Db, id: number, now: Date): boolean {
  revoked(db);
  return db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), id).changes > 0;
}

export function hasApiKey(db: Db, key: string): boolean {
  return !!db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ?').get(hashKey(key));
}

export function hasSession(db: Db, key: string): boolean {
  return !!db.prepare('SELECT 1 FROM sessions WHERE key_hash = ?').get(hashKey(key));
}

export interface CredentialRow {
  id: number;
  account_id: number;
  label: string;
  created_at: string;
  expires_at?: string;
  revoked_at: string | null;
}

export const listApiKeys = (db: Db, accountId: number) =>
  db.prepare('SELECT id, account_id, label, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY id').all(accountId) as CredentialRow[];

export const listSessions = (db: Db, accountId: number) =>
  db.prepare('SELECT id, account_id, label, created_at, expires_at, revoked_at FROM sessions WHERE account_id = ? ORDER BY id').all(accountId) as CredentialRow[];
