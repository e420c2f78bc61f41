import { ProtocolError, type Credentials } from '@shared/protocol';
import type { Sql } from '../db/sql';
import { connectionKey } from '../db/sqlite/store';
import { revocationCount, sessionForKeys, type SessionPrincipal } from '../repos/credentials';
import { FOREIGN_POLL_MS, foreignCommitsOf, mayKeepAnswers } from '../db/sqlite/dataVersion';

/** One message for every failure, so a caller learns nothing about which key was wrong or whose it is. */
export const AUTH_MESSAGE =
  'The api_key and session_key are not valid together, or the session has expired or been revoked. Ask your administrator for a new session key.';

/**
 * Verified (api_key, session_key) pairs, per connection. Every request authenticates, and hashing
 * both keys and joining two tables was a tenth of a getQuantity's server time. Correctness:
 * - only successes are kept, so a key created a moment ago is found by the next request;
 * - the session's expires_at is kept and compared with the request's clock on every hit, so expiry
 *   is exact;
 * - a revocation through this connection (the server's own admin calls) drops the cache before the
 *   next request;
 * - a commit by another connection (the admin CLI in another process) drops it too; that is noticed
 *   by polling SQLite's data_version at most every AUTH_CACHE_POLL_MS (db/sqlite/dataVersion.ts), so such
 *   a revocation takes effect within that time;
 * - an entry is re-verified after AUTH_CACHE_MAX_AGE_MS regardless, bounding staleness should some
 *   other path ever change a key without going through the repository.
 * The raw keys are map keys in this process's memory only; they are already in every request body.
 */
export const AUTH_CACHE_MAX_ENTRIES = 1000;
export const AUTH_CACHE_MAX_AGE_MS = 30_000;
export const AUTH_CACHE_POLL_MS = FOREIGN_POLL_MS;

/** Who a request acts as: its account, its session's user (null: the owner session) and role. */
export type Principal = Omit<SessionPrincipal, 'expiresAt'>;

interface Verified {
  principal: Principal;
  expiresAtMs: number;
  verifiedAtMs: number;
}

interface Cache {
  revocations: number;
  dataVersion: number;
  entries: Map<string, Verified>;
}

const caches = new WeakMap<object, Cache>();

function cacheFor(sql: Sql, monotonic: number): Cache {
  const revocations = revocationCount(sql);
  const dataVersion = foreignCommitsOf(sql, monotonic);
  let cache = caches.get(connectionKey(sql));
  if (!cache || cache.revocations !== revocations || cache.dataVersion !== dataVersion) {
    caches.set(connectionKey(sql), (cache = { revocations, dataVersion, entries: new Map() }));
  }
  return cache;
}

/**
 * Refused authentications since the process started: a steady rise is someone guessing keys, or a
 * desk with revoked keys still trying. Read by /api/health; each refusal is also logged (without keys).
 */
let refusals = 0;
export const authRefusals = () => refusals;

/** The principal of a session found for a request's keys; AUTH_FAILED (counted) when none was. */
export function verified(found: SessionPrincipal | undefined): Principal {
  if (!found) {
    refusals++;
    throw new ProtocolError('AUTH_FAILED', AUTH_MESSAGE);
  }
  const { expiresAt: _e, ...principal } = found;
  return principal;
}

/** The account a pair of keys belongs to (see authenticatePrincipal). */
export async function authenticate(sql: Sql, c: Credentials, now: Date): Promise<number> {
  return (await authenticatePrincipal(sql, c, now)).accountId;
}

export async function authenticatePrincipal(sql: Sql, c: Credentials, now: Date): Promise<Principal> {
  if (!c.api_key || !c.session_key) {
    refusals++;
    throw new ProtocolError('AUTH_FAILED', 'Both api_key and session_key are required inside the method element.');
  }
  // Where other instances may revoke keys unseen (PostgreSQL), no cache: every request asks the database.
  if (!mayKeepAnswers(sql)) return verified(await sessionForKeys(sql, c.api_key, c.session_key, now));
  const monotonic = performance.now();
  const cache = cacheFor(sql, monotonic);
  const key = keysKey(c.api_key, c.session_key);
  const nowMs = now.getTime();
  const hit = cache.entries.get(key);
  if (hit && nowMs < hit.expiresAtMs && monotonic - hit.verifiedAtMs < AUTH_CACHE_MAX_AGE_MS) return hit.principal;
  if (hit) cache.entries.delete(key);
  const found = await sessionForKeys(sql, c.api_key, c.session_key, now);
  const principal = verified(found);
  keep(cache.entries, key, { principal, expiresAtMs: Date.parse(found!.expiresAt), verifiedAtMs: monotonic });
  return principal;
}

/** A map key for a pair of keys: length-prefixed, so two different pairs can never make the same key. */
export const keysKey = (apiKey: string, sessionKey: string) => `${apiKey.length}:${apiKey}${sessionKey}`;

/** Sets `key` in a map of at most AUTH_CACHE_MAX_ENTRIES, dropping the oldest entry when it is full. */
export function keep<V>(entries: Map<string, V>, key: string, value: V): void {
  if (entries.size >= AUTH_CACHE_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(key, value);
}
