/**
 * A request's keys, checked in the same round trip as its first statement (PostgreSQL).
 *
 * SQLite keeps verified keys (auth.ts); PostgreSQL cannot, since another instance may revoke a key
 * at any moment, so every request asks the database, which was a round trip of its own: half of a
 * getQuantity's. Here an instance remembers whom a pair of keys belonged to (a hint, never trusted
 * alone) and runs the request as that principal while the database checks the keys again, in the
 * same write as the request's first statement (Store.precede, db/postgres/precede.ts):
 * - keys no longer valid: AUTH_FAILED, whatever the request would have answered, and nothing it
 *   wrote is committed;
 * - keys valid but the principal changed (another user, role or name): the request is run again
 *   from the start as the principal the database names (StalePrincipal; dispatch does it);
 * - keys not remembered (the first request of a session on this instance): checked first, as before.
 */
import type { Credentials } from '@shared/protocol';
import type { Store } from '../db/sql';
import { hashKey, sessionForHashesQuery, sessionFromRows } from '../repos/credentials';
import { authenticatePrincipal, keep, keysKey, verified, type Principal } from './auth';

/** The remembered principal differs from the database's: run the request again (nothing was committed). */
export class StalePrincipal extends Error {
  override name = 'StalePrincipal';
}

export interface Authenticated {
  principal: Principal;
  /** Runs the request's work under the keys check (see the file comment). */
  confirmed<T>(fn: () => Promise<T>): Promise<T>;
}

/** Whom the keys belonged to, and their hashes: hashing both keys for every request was a twentieth of a read's CPU. */
interface Hint {
  principal: Principal;
  apiHash: string;
  sessionHash: string;
}

const hints = new WeakMap<Store, Map<string, Hint>>();

function hintsOf(store: Store): Map<string, Hint> {
  let m = hints.get(store);
  if (!m) hints.set(store, (m = new Map()));
  return m;
}

const same = (a: Principal, b: Principal) => a.accountId === b.accountId && a.userId === b.userId && a.userName === b.userName && a.role === b.role && a.timeZone === b.timeZone;

/** `fresh`: ignore what this instance remembers (the retry after StalePrincipal). */
export async function authenticateRequest(store: Store, c: Credentials, now: Date, fresh = false): Promise<Authenticated> {
  if (!store.precede) return { principal: await authenticatePrincipal(store, c, now), confirmed: (fn) => fn() };
  const remembered = hintsOf(store);
  const key = keysKey(c.api_key ?? '', c.session_key ?? '');
  const hint = fresh || !c.api_key || !c.session_key ? undefined : remembered.get(key);
  if (!hint) {
    const principal = await authenticatePrincipal(store, c, now);
    keep(remembered, key, { principal, apiHash: hashKey(c.api_key!), sessionHash: hashKey(c.session_key!) });
    return { principal, confirmed: (fn) => fn() };
  }
  const q = sessionForHashesQuery(hint.apiHash, hint.sessionHash, now);
  const check = (rows: unknown[]) => {
    const found = sessionFromRows(rows);
    if (!found) remembered.delete(key);
    const principal = verified(found);
    if (!same(principal, hint.principal)) {
      remembered.delete(key);
      throw new StalePrincipal('the session now belongs to another principal');
    }
  };
  return { principal: hint.principal, confirmed: (fn) => store.precede!({ ...q, check }, fn) };
}
