/**
 * Who may go on hearing a stream, and what. A stream keeps the hashes of the keys it was opened
 * with, its session's expires_at and its clerk's role: the hub checks all of its streams' keys in
 * one query before it hands out a read's entries (so nothing reaches a stream after its keys were
 * revoked, its user disabled or its role changed, on whichever instance that committed) and on a
 * timer while nothing is written (so such a stream ends within a second); expiry is checked against
 * the session's own expires_at. A role hears only the kinds of change it may read (roles.ts).
 */
import { METHOD_ROLES, type MethodName, type Role } from '@shared/protocol';
import type { Store } from '../db/sql';
import { hashKey } from '../repos/credentials';
import type { FeedRow } from './read';
import { liveKeys } from './read';

/** The read a kind of change stands for: a role that may not call it does not hear of the change. */
const READ_OF: Readonly<Record<string, MethodName>> = {
  product: 'getProduct',
  stock: 'getQuantities',
  order: 'getOrderStatus',
  invoice: 'getInvoice',
  payment: 'getInvoice',
  contact: 'getContacts',
};

export function mayHear(role: Role, kind: string): boolean {
  const method = READ_OF[kind];
  return method !== undefined && METHOD_ROLES[method].roles.includes(role);
}

/** The rows of `rows` a role may hear (the same array when it may hear them all). */
export function forRole(role: Role, rows: readonly FeedRow[]): readonly FeedRow[] {
  return rows.every((r) => mayHear(role, r.kind)) ? rows : rows.filter((r) => mayHear(role, r.kind));
}

export class StreamKeys {
  readonly apiHash: string;
  readonly sessionHash: string;
  constructor(
    apiKey: string,
    sessionKey: string,
    readonly role: Role,
    /** The session's expires_at, as last read (a session may be extended). */
    public expiresAtMs = Infinity,
  ) {
    this.apiHash = hashKey(apiKey);
    this.sessionHash = hashKey(sessionKey);
  }

  get pair(): string {
    return `${this.apiHash}|${this.sessionHash}`;
  }
}

/**
 * Of the given keys, the pairs still live at `now` with the role each has now ("api|session" →
 * role). Distinct pairs are asked once; many streams of one desk share theirs.
 */
export async function stillLive(store: Store, keys: Iterable<StreamKeys>, now: Date): Promise<Map<string, { role: Role; expiresAtMs: number }>> {
  const apis = new Set<string>();
  const sessions = new Set<string>();
  for (const k of keys) {
    apis.add(k.apiHash);
    sessions.add(k.sessionHash);
  }
  const out = new Map<string, { role: Role; expiresAtMs: number }>();
  if (apis.size === 0) return out;
  for (const row of await liveKeys(store, [...apis], [...sessions], now)) out.set(`${row.api}|${row.session}`, { role: row.role, expiresAtMs: Date.parse(row.expiresAt) });
  return out;
}
