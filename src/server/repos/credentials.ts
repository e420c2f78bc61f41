/**
 * API keys and session keys. Only SHA-256 hashes are stored: the keys are long random tokens,
 * so a fast hash is enough to make a stolen database useless for calling the API.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@shared/protocol';
import type { Sql, SqlValue } from '../db/sql';
import { connectionKey } from '../db/sqlite/store';

export const hashKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');
export const newKey = (prefix: 'sdk' | 'sds') => `${prefix}_${randomBytes(24).toString('base64url')}`;

export async function insertApiKey(sql: Sql, accountId: number, key: string, label: string, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO api_keys (account_id, key_hash, label, created_at) VALUES (?, ?, ?, ?) RETURNING id', [
    accountId, hashKey(key), label, now.toISOString(),
  ]);
  return r!.id;
}

export async function insertSession(sql: Sql, accountId: number, key: string, label: string, now: Date, expiresAt: Date, userId: number | null = null): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO sessions (account_id, key_hash, label, created_at, expires_at, user_id) VALUES (?, ?, ?, ?, ?, ?) RETURNING id', [
    accountId, hashKey(key), label, now.toISOString(), expiresAt.toISOString(), userId,
  ]);
  return r!.id;
}

/** Who is behind a live pair of keys: the account, the session's user (none: the owner session) and their role. */
export interface SessionPrincipal {
  accountId: number;
  expiresAt: string;
  userId: number | null;
  userName: string | null;
  role: Role;
  /** The account's time zone, read with the keys so a request's business day costs no query. */
  timeZone: string;
}

/**
 * The account both keys belong to, the session's user and when the session expires, if both keys are
 * live, the session unexpired and its user (if it has one) active and of the same account.
 * A session without a user is the account's owner session: a manager, as every session was before users.
 */
export async function sessionForKeys(sql: Sql, apiKey: string, sessionKey: string, now: Date): Promise<SessionPrincipal | undefined> {
  const q = sessionForHashesQuery(hashKey(apiKey), hashKey(sessionKey), now);
  return sessionFromRows(await sql.all(q.sql, q.params));
}

/**
 * sessionForKeys' statement for keys already hashed (hashKey), for a caller that keeps their hashes
 * and sends it itself (ahead of a request's: Store.precede).
 */
export function sessionForHashesQuery(apiHash: string, sessionHash: string, now: Date): { sql: string; params: SqlValue[] } {
  return {
    sql: `SELECT k.account_id, s.expires_at, s.user_id, u.name, u.role, a.time_zone FROM api_keys k JOIN sessions s ON s.account_id = k.account_id
     JOIN accounts a ON a.id = k.account_id
     LEFT JOIN users u ON u.id = s.user_id AND u.account_id = s.account_id AND u.active = 1
     WHERE k.key_hash = ? AND k.revoked_at IS NULL AND s.key_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    params: [apiHash, sessionHash, now.toISOString()],
  };
}

/** What sessionForHashesQuery's rows say. */
export function sessionFromRows(rows: unknown[]): SessionPrincipal | undefined {
  const row = rows[0] as { account_id: number; expires_at: string; user_id: number | null; name: string | null; role: Role | null; time_zone: string } | undefined;
  // A session whose user is disabled (or, which admin refuses to make, of another account) is no session.
  if (!row || (row.user_id !== null && row.role === null)) return undefined;
  return { accountId: row.account_id, expiresAt: row.expires_at, userId: row.user_id, userName: row.name, role: row.role ?? 'manager', timeZone: row.time_zone };
}

// Bumped by every revocation through this connection. SQLite's data_version does not change for a
// connection's own commits, so it alone would miss the server's own admin calls.
const revocations = new WeakMap<object, number>();
const revoked = (sql: Sql) => revocations.set(connectionKey(sql), (revocations.get(connectionKey(sql)) ?? 0) + 1);

/** How many revocations were made through this connection (changes when a key may have been revoked). */
export const revocationCount = (sql: Sql) => revocations.get(connectionKey(sql)) ?? 0;

export async function revokeApiKey(sql: Sql, id: number, now: Date): Promise<boolean> {
  revoked(sql);
  return (await sql.run('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now.toISOString(), id])).changes > 0;
}

export async function expireSession(sql: Sql, id: number, now: Date): Promise<boolean> {
  revoked(sql);
  return (await sql.run('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [now.toISOString(), id])).changes > 0;
}

/** Something a verified-keys cache entry carries changed (a user's role): drop this connection's caches. */
export const credentialsChanged = (sql: Sql): void => void revoked(sql);

/** Revokes every live session of a user; returns how many. */
export async function revokeUserSessions(sql: Sql, userId: number, now: Date): Promise<number> {
  revoked(sql);
  return (await sql.run('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [now.toISOString(), userId])).changes;
}

export async function hasApiKey(sql: Sql, key: string): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM api_keys WHERE key_hash = ?', [hashKey(key)]));
}

export async function hasSession(sql: Sql, key: string): Promise<boolean> {
  return !!(await sql.get('SELECT 1 FROM sessions WHERE key_hash = ?', [hashKey(key)]));
}

export interface CredentialRow {
  id: number;
  account_id: number;
  label: string;
  created_at: string;
  expires_at?: string;
  revoked_at: string | null;
  user_id?: number | null;
}

export const listApiKeys = (sql: Sql, accountId: number) =>
  sql.all<CredentialRow>('SELECT id, account_id, label, created_at, revoked_at FROM api_keys WHERE account_id = ? ORDER BY id', [accountId]);

export const listSessions = (sql: Sql, accountId: number) =>
  sql.all<CredentialRow>('SELECT id, account_id, label, created_at, expires_at, revoked_at, user_id FROM sessions WHERE account_id = ? ORDER BY id', [accountId]);
