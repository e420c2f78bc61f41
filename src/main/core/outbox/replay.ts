/**
 * Sends the outbox, one entry at a time, oldest first. Each entry is marked in flight (and
 * committed) before it is sent, so after a crash it is sent again with the same request_id and
 * the server applies it once. The outcome decides: ok → done and the answer applied to the mirror;
 * rejected → parked with its dependants; auth → the queue pauses; network/5xx → backoff.
 */
import { validateParams, ProtocolError, type Capability, type Params, type Reason } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import type { Db } from '../mirror/db';
import { fromMilli, toMilli } from '../mirror/fold';
import { clearInvoiceStale, refreshInvoice, staleInvoices } from '../mirror/invoices';
import { knownBins, setConfirmedMilli, staleProducts, replaceStockFor, applyQuantityRows, clearStale } from '../mirror/stock';
import type { CoreClock, CoreLog, Random } from '../types';
import { acknowledge } from './effects';
import { resolveParams } from './ids';
import { creatorOf, entriesAfter, getEntry, headEntry, markDiscarded, markDone, markInFlight, markRetry, park, requeue, type CountConflict, type Entry } from './repo';

export interface ReplayDeps {
  db: Db;
  clock: CoreClock;
  random: Random;
  log: CoreLog;
  api(): ApiClient | null;
  /**
   * The client with the keys of the clerk who made an entry (issue 19), null when that clerk's keys
   * are no longer on this desk. Absent: every entry goes with api() (one pair of keys).
   */
  clientFor?(clerkId: string | null): ApiClient | null;
  /** The name the desk knows for a clerk id, for the sentence of an entry whose keys are missing. */
  clerkName?(clerkId: string | null): string | null;
  /** Whether an entry of this clerk goes with the signed-in clerk's keys (absent: always). */
  clerkIsCurrent?(clerkId: string | null): boolean;
  /**
   * How long a failed entry waits before it is sent again (the engine decides: at once after a
   * lost call while the server answers, backoff for server errors).
   */
  retryDelay(e: Entry, kind: 'network' | 'server'): number;
  caps(): Set<Capability>;
  /** The outbox or the mirror changed: tell the screens. */
  changed(tables: Array<'outbox' | 'quantities' | 'products' | 'orders' | 'invoices'>): void;
}

export type StepResult =
  | { kind: 'idle' }
  | { kind: 'progress' }
  | { kind: 'wait'; ms: number }
  | { kind: 'offline'; message: string; unreachable: boolean }
  | { kind: 'server'; message: string; ms: number }
  | { kind: 'auth'; message: string };

type Failure = { kind: 'network'; message: string; unreachable?: boolean } | { kind: 'server'; message: string } | { kind: 'auth'; message: string };

/**
 * The server's current deliverable quantity in the count's warehouse and bin (label; '' = no bin),
 * read per bin (getQuantities). A server without it answers a bin asked by name, and for no bin
 * only the warehouse's total: then the unbinned part is that total less the server's own figure
 * of every bin this desk knows of (a bin the desk never heard of still hides in it).
 */
async function serverQuantity(d: ReplayDeps, api: ApiClient, productId: number, warehouse: string, label: string): Promise<number | Failure | null> {
  if (d.caps().has('getQuantities')) {
    const o = await api.call('getQuantities', { product_ids: [productId] });
    if (o.kind === 'ok') return o.result.stock.find((r) => r.product_id === productId && r.warehouse.toLowerCase() === warehouse.toLowerCase() && r.stock_label === label)?.deliverable ?? 0;
    return o.kind === 'rejected' ? null : o;
  }
  let milli = 0;
  for (const [bin, sign] of label ? [[label, 1] as const] : [['', 1] as const, ...knownBins(d.db, productId, warehouse).map((b) => [b, -1] as const)]) {
    const o = await api.call('getQuantity', { product_id: productId, warehouse, ...(bin ? { stock_label: bin } : {}) });
    if (o.kind === 'rejected') return null;
    if (o.kind !== 'ok') return o;
    const row = o.result.quantities.find((q) => q.warehouse.toLowerCase() === warehouse.toLowerCase()) ?? o.result.quantities[0];
    milli += sign * toMilli(row?.deliverable ?? 0);
  }
  return fromMilli(milli);
}

/** The desk-side code of an entry parked because its clerk's keys were removed from the desk. */
export const CLERK_MISSING = 'CLERK_MISSING';
/** The same, for an entry whose clerk's keys the server refused while another clerk is signed in. */
export const CLERK_KEYS_REFUSED = 'CLERK_KEYS_REFUSED';

function fail(d: ReplayDeps, e: Entry, f: Failure): StepResult {
  const now = d.clock.now();
  // Issue 19: another clerk's keys refused (session ended, key revoked): only that clerk's entries
  // wait for a person; the signed-in clerk's queue goes on. The signed-in clerk's own refused keys
  // still pause the queue until new ones are saved.
  if (f.kind === 'auth' && d.clerkIsCurrent && !d.clerkIsCurrent(e.clerkId)) {
    const name = d.clerkName?.(e.clerkId) ?? null;
    return parkEntry(d, e, CLERK_KEYS_REFUSED, `The server refused the keys of the clerk who made this (${name ?? 'unknown'}): add that clerk again in Settings with their current keys and retry, or discard it. ${f.message}`, [{ field: 'clerk', message: name ?? '' }]);
  }
  if (f.kind === 'auth') {
    if (e.state === 'in_flight' || getEntry(d.db, e.id)?.state === 'in_flight') requeue(d.db, e.id, now, f.message);
    return { kind: 'auth', message: f.message };
  }
  const ms = d.retryDelay(e, f.kind);
  markRetry(d.db, e.id, f.kind === 'network' ? 'NETWORK' : 'SERVER', f.message, new Date(now.getTime() + ms), now);
  d.changed(['outbox']);
  return f.kind === 'network' ? { kind: 'offline', message: f.message, unreachable: f.unreachable ?? false } : { kind: 'server', message: f.message, ms };
}

function parkEntry(d: ReplayDeps, e: Entry, code: string, message: string, details: Array<{ field: string; message: string }>, conflict?: CountConflict, reason?: Reason): StepResult {
  d.db.transaction(() => park(d.db, e, { code, message, details, conflict, ...(reason ? { reason } : {}) }, d.clock.now()))();
  d.log.warn('outbox entry needs attention', { id: e.id, method: e.method, code, message });
  d.changed(['outbox']);
  return { kind: 'progress' };
}

export async function step(d: ReplayDeps): Promise<StepResult> {
  if (!d.api()) return { kind: 'idle' };
  const e = headEntry(d.db);
  if (!e) return { kind: 'idle' };
  const now = d.clock.now();
  if (e.state === 'retry_wait' && e.nextAttemptAt && Date.parse(e.nextAttemptAt) > now.getTime()) {
    return { kind: 'wait', ms: Date.parse(e.nextAttemptAt) - now.getTime() };
  }
  // Issue 19: an entry goes with the keys of the clerk who made it, never with someone else's.
  // Their keys gone from the desk: it waits for a person (add the clerk again, or discard).
  const api = d.clientFor ? d.clientFor(e.clerkId) : d.api();
  if (!api) {
    const name = d.clerkName?.(e.clerkId) ?? null;
    return parkEntry(d, e, CLERK_MISSING, `The keys of the clerk who made this (${name ?? 'unknown'}) are no longer on this desk: add that clerk again in Settings, or discard it.`, [{ field: 'clerk', message: name ?? '' }]);
  }

  const resolved = resolveParams(d.db, e.method, e.params);
  if ('missing' in resolved) {
    const creator = creatorOf(d.db, resolved.missing);
    if (!creator || creator.state === 'discarded') {
      d.db.transaction(() => markDiscarded(d.db, e.id, now))();
      d.log.error('outbox entry refers to a record that was discarded', { id: e.id, ref: resolved.missing });
      return { kind: 'progress' };
    }
    // Its creator is parked (a creator is always older, so it is not still queued).
    d.db.prepare("UPDATE outbox SET state = 'needs_attention', blocked_by = ? WHERE id = ?").run(creator.blockedBy ?? creator.id, e.id);
    d.changed(['outbox']);
    return { kind: 'progress' };
  }
  let params = resolved.params;
  const count = e.countInfo;
  const canExpect = d.caps().has('setQuantity.expected_quantity');
  if (count && !count.rebased && canExpect) params = { ...params, expected_quantity: count.expected };
  try {
    params = validateParams(e.method as 'setQuantity', params) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof ProtocolError) return parkEntry(d, e, err.code, err.message, err.details);
    throw err;
  }

  if (count && !count.rebased && !canExpect) {
    // No server-side check: compare right before sending. A resend after a lost answer may find
    // the change already applied (expected + delta); the request_id makes the resend harmless.
    const now2 = await serverQuantity(d, api, (params as Params<'setQuantity'>).product_id, count.warehouse, count.stockLabel);
    if (now2 !== null && typeof now2 === 'object') return fail(d, e, now2);
    const delta = count.counted - count.expected;
    const applied = e.sent && now2 !== null && toMilli(now2) === toMilli(count.expected + delta);
    if (now2 !== null && toMilli(now2) !== toMilli(count.expected) && !applied) {
      return parkEntry(d, e, 'CONFLICT', `The quantity changed since it was counted: expected ${count.expected}, the server now has ${now2}.`, [], { expected: count.expected, serverNow: now2, counted: count.counted });
    }
  }

  const batch = [{ e, params }, ...(alone(e, params) ? companions(d, e) : [])];
  for (const b of batch) markInFlight(d.db, b.e.id, now);
  d.changed(['outbox']);
  const outcomes = await Promise.all(batch.map((b) => api.call(b.e.method as 'setQuantity', { ...b.params, request_id: b.e.requestId })));
  // Settled in queue order; the first outcome that stops the run (offline, auth, …) is what the engine hears.
  let result: StepResult = { kind: 'progress' };
  for (const [i, b] of batch.entries()) {
    const r = await settle(d, api, b.e, outcomes[i]!, b.params);
    if (result.kind === 'progress') result = r;
  }
  return result;
}

/** At most this many setProduct entries go out at once (see companions). */
const PARALLEL_PRODUCTS = 8;

/** A setProduct without a take-in, waiting its first turn: it touches one product and nothing else. */
const alone = (e: Entry, params: Record<string, unknown>) =>
  e.method === 'setProduct' && e.state === 'queued' && !e.countInfo && params.takein_quantity === undefined;

/**
 * The setProduct entries right behind a lone setProduct head, each of another product, that can go
 * out together with it (a catalogue import queues thousands): sent one by one, every call waits
 * for its own COMMIT; sent together, the server's group commit shares one among them. Each keeps its
 * own request_id and is settled on its own; the run stops at the first entry that is not such a
 * setProduct, refers to a record not yet created, or is of a product already in the run, so the
 * per-record order holds.
 */
function companions(d: ReplayDeps, head: Entry): Array<{ e: Entry; params: Record<string, unknown> }> {
  const keys = new Set([head.queueKey]);
  const out: Array<{ e: Entry; params: Record<string, unknown> }> = [];
  for (const e of entriesAfter(d.db, head.id, PARALLEL_PRODUCTS - 1)) {
    // Batched only among one clerk's entries: they all go with the head's keys (issue 19).
    if (keys.has(e.queueKey) || e.clerkId !== head.clerkId) break;
    const resolved = resolveParams(d.db, e.method, e.params);
    if ('missing' in resolved || !alone(e, resolved.params)) break;
    let params: Record<string, unknown>;
    try {
      params = validateParams('setProduct', resolved.params) as Record<string, unknown>;
    } catch {
      // Parked with its reason when it reaches the head on its own.
      break;
    }
    keys.add(e.queueKey);
    out.push({ e, params });
  }
  return out;
}

/** The server's answer to one sent entry: done (and folded into the mirror), parked, or to retry. */
async function settle(d: ReplayDeps, api: ApiClient, e: Entry, o: Awaited<ReturnType<ApiClient['call']>>, params: Record<string, unknown>): Promise<StepResult> {
  const count = e.countInfo;
  const fresh = getEntry(d.db, e.id);
  // Discarded or edited while in flight: the answer is about a command the clerk no longer wants.
  if (!fresh || fresh.state !== 'in_flight') return { kind: 'progress' };
  switch (o.kind) {
    case 'ok': {
      d.db.transaction(() => {
        acknowledge(d.db, fresh, o.result, d.clock.now());
        markDone(d.db, e.id, o.result, d.clock.now());
      })();
      d.changed(['outbox', 'quantities', 'products', 'orders', 'invoices']);
      return { kind: 'progress' };
    }
    case 'rejected': {
      if (o.code === 'CONFLICT' && count && !count.rebased) {
        const q = await serverQuantity(d, api, (params as Params<'setQuantity'>).product_id, count.warehouse, count.stockLabel);
        const parsed = /now (-?\d+(?:\.\d+)?)/.exec(o.details.map((x) => x.message).join(' ') + ' ' + o.message);
        const serverNow = typeof q === 'number' ? q : parsed ? Number(parsed[1]) : count.expected;
        return parkEntry(d, fresh, o.code, o.message, o.details, { expected: count.expected, serverNow, counted: count.counted }, o.reason);
      }
      return parkEntry(d, fresh, o.code, o.message, o.details, undefined, o.reason);
    }
    case 'auth':
    case 'network':
    case 'server':
      return fail(d, fresh, o);
  }
}

/**
 * Re-reads what the server changed without reporting it in its answer: quantities (take-ins by
 * setProduct or PO, orders) and invoices (a storno's original, a paid invoice's payment list).
 * Runs when the queue is empty, so the same sync shows them.
 */
export async function refreshStale(d: ReplayDeps): Promise<Failure | null> {
  const api = d.api();
  if (!api) return null;
  return (await refreshStaleQuantities(d, api)) ?? (await refreshStaleInvoices(d, api));
}

async function refreshStaleInvoices(d: ReplayDeps, api: ApiClient): Promise<Failure | null> {
  for (const id of staleInvoices(d.db, 1000)) {
    const o = await api.call('getInvoice', { invoice_id: id });
    if (o.kind === 'ok') d.db.transaction(() => refreshInvoice(d.db, o.result, d.clock.now()))();
    // Gone on the server (or never visible to these keys): nothing left to refresh.
    else if (o.kind === 'rejected') clearInvoiceStale(d.db, id);
    else return o;
    d.changed(['invoices']);
  }
  return null;
}

async function refreshStaleQuantities(d: ReplayDeps, api: ApiClient): Promise<Failure | null> {
  for (;;) {
    const ids = staleProducts(d.db, 500);
    if (ids.length === 0) return null;
    if (d.caps().has('getQuantities')) {
      const o = await api.call('getQuantities', { product_ids: ids });
      if (o.kind === 'ok') d.db.transaction(() => replaceStockFor(d.db, ids, o.result.stock, o.result.reserved))();
      else if (o.kind === 'rejected') d.db.transaction(() => ids.forEach((id) => clearStale(d.db, id)))();
      else return o;
    } else {
      for (const id of ids) {
        const o = await api.call('getQuantity', { product_id: id, warehouse: '*' });
        if (o.kind === 'ok') d.db.transaction(() => applyQuantityRows(d.db, o.result.quantities, { allWarehouses: true }))();
        else if (o.kind === 'rejected') clearStale(d.db, id);
        else return o;
      }
    }
    d.changed(['quantities']);
  }
}

/** apply_as_counted: the server's figure is now known; it is confirmed in the mirror too. */
export function confirmServerNow(db: Db, productId: number, warehouse: string, label: string, serverNow: number): void {
  setConfirmedMilli(db, productId, warehouse, label, toMilli(serverNow));
}
