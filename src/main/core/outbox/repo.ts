/**
 * The outbox table. An entry is written in the same transaction as its optimistic effect; its
 * request_id is fixed when written, so every resend of it is the same command to the server.
 * States: queued → in_flight → done; in_flight → retry_wait → in_flight (network, 5xx);
 * in_flight → needs_attention (rejected; dependants too, with blocked_by) → queued (retry, edit)
 * or → discarded (effect rolled back). Nothing leaves the table except old `done` entries.
 */
import { parseReason, type ErrorDetail, type Reason } from '@shared/protocol';
import type { OutboxCounts, OutboxEntryView, OutboxState, OutboxSummary } from '@shared/ipc/types';
import { json, stmt, type Db } from '../mirror/db';
import { closureOf, include, relation, type Node } from './deps';
import { fixesFor } from './fixes';

export interface CountInfo {
  productId: number;
  warehouse: string;
  stockLabel: string;
  /** What the clerk saw (confirmed + pending) when counting. */
  expected: number;
  counted: number;
  /** Rebased: send the delta without checking the expectation. */
  rebased?: boolean;
}

export interface CountConflict { expected: number; serverNow: number; counted: number }

export interface Entry {
  id: number;
  method: string;
  params: Record<string, unknown>;
  requestId: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  summary: string;
  summaryData: OutboxSummary | null;
  queueKey: string;
  creates: string | null;
  refs: string[];
  lastError: string | null;
  errorCode: string | null;
  errorDetails: ErrorDetail[];
  /** The server's machine-readable reason for a refusal (reasons.ts), validated when read. */
  errorReason: Reason | null;
  blockedBy: number | null;
  countInfo: CountInfo | null;
  countConflict: CountConflict | null;
  undo: Record<string, unknown> | null;
  sent: boolean;
  /** The desk-local id of the clerk who made it (clerkBook.ts); null: made before migration 012 (the desk's only keys). */
  clerkId: string | null;
}

interface Row {
  id: number; method: string; params: string; request_id: string; state: OutboxState; attempts: number; next_attempt_at: string | null;
  created_at: string; summary: string; summary_data: string | null; queue_key: string; creates: string | null; refs: string; last_error: string | null;
  error_code: string | null; error_details: string; blocked_by: number | null; count_info: string | null; count_conflict: string | null;
  undo: string | null; sent: number; error_reason: string | null; clerk_id: string | null;
}

/** A stored reason is read back through the shared table: one the desk does not know is no reason. */
function reasonOf(text: string | null): Reason | null {
  const v = json<{ reason?: unknown; figures?: unknown } | null>(text, null);
  return v ? parseReason(v.reason, v.figures) : null;
}

const toEntry = (r: Row): Entry => ({
  id: r.id, method: r.method, params: json(r.params, {}), requestId: r.request_id, state: r.state, attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at, createdAt: r.created_at, summary: r.summary, summaryData: json(r.summary_data, null), queueKey: r.queue_key, creates: r.creates,
  refs: json(r.refs, []), lastError: r.last_error, errorCode: r.error_code, errorDetails: json(r.error_details, []), errorReason: reasonOf(r.error_reason), blockedBy: r.blocked_by,
  countInfo: json(r.count_info, null), countConflict: json(r.count_conflict, null), undo: json(r.undo, null), sent: r.sent === 1,
  clerkId: r.clerk_id ?? null,
});

export const toView = (e: Entry): OutboxEntryView => ({
  id: e.id, method: e.method, summary: e.summary, summaryData: e.summaryData, state: e.state, attempts: e.attempts, nextAttemptAt: e.nextAttemptAt, createdAt: e.createdAt,
  lastError: e.lastError, errorCode: e.errorCode, errorDetails: e.errorDetails, reason: e.errorReason, blockedBy: e.blockedBy, countConflict: e.countConflict, params: e.params,
  fixes: e.state === 'needs_attention' && e.blockedBy === null ? fixesFor({ method: e.method, params: e.params, reason: e.errorReason }) : [],
  clerkId: e.clerkId,
});

export interface NewEntry {
  method: string;
  params: Record<string, unknown>;
  requestId: string;
  summary: string;
  summaryData?: OutboxSummary;
  queueKey: string;
  creates?: string;
  refs?: string[];
  countInfo?: CountInfo;
  /** The clerk signed in when it was made: their keys send it (issue 19). */
  clerkId?: string | null;
}

const ACTIVE = "('queued', 'in_flight', 'retry_wait')";

/** Inserts an entry, queued. Call `waitIfParked` once its effect is written (the effect says where it takes stock). */
export function insertEntry(db: Db, e: NewEntry, now: Date): number {
  const iso = now.toISOString();
  const refs = e.refs ?? [];
  const id = Number(stmt(db, `INSERT INTO outbox (method, params, request_id, state, created_at, updated_at, summary, summary_data, queue_key, creates, refs, count_info, clerk_id)
      VALUES (?, ?, ?, 'queued', ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    .run(e.method, JSON.stringify(e.params), e.requestId, iso, iso, e.summary, e.summaryData ? JSON.stringify(e.summaryData) : null, e.queueKey, e.creates ?? null, JSON.stringify(refs), e.countInfo ? JSON.stringify(e.countInfo) : null, e.clerkId ?? null).lastInsertRowid);
  return id;
}

const NODE_COLUMNS = 'id, queue_key, creates, refs';

/** A new entry that needs, or is ordered behind, a parked entry (or one waiting for it) waits for that entry's root. */
export function waitIfParked(db: Db, id: number): void {
  const e = stmt(db, `SELECT ${NODE_COLUMNS} FROM outbox WHERE id = ?`).get(id) as Node | undefined;
  if (!e) return;
  const parked = stmt(db, `SELECT ${NODE_COLUMNS}, coalesce(blocked_by, id) AS root FROM outbox WHERE state = 'needs_attention' AND id < ? ORDER BY id`).all(id) as Array<Node & { root: number }>;
  const hit = parked.find((p) => relation(db, e, closureOf(db, [p])) !== null);
  if (hit) stmt(db, "UPDATE outbox SET state = 'needs_attention', blocked_by = ? WHERE id = ?").run(hit.root, id);
}

export function setUndo(db: Db, id: number, undo: Record<string, unknown>): void {
  stmt(db, 'UPDATE outbox SET undo = ? WHERE id = ?').run(JSON.stringify(undo), id);
}

export function getEntry(db: Db, id: number): Entry | null {
  const r = stmt(db, 'SELECT * FROM outbox WHERE id = ?').get(id) as Row | undefined;
  return r ? toEntry(r) : null;
}

/** The oldest entry still to be sent; strictly in order, parked entries aside. */
export function headEntry(db: Db): Entry | null {
  const r = stmt(db, `SELECT * FROM outbox WHERE state IN ${ACTIVE} ORDER BY id LIMIT 1`).get() as Row | undefined;
  return r ? toEntry(r) : null;
}

/** The active entries right behind `id`, oldest first (what may go out together with it). */
export function entriesAfter(db: Db, id: number, limit: number): Entry[] {
  return (stmt(db, `SELECT * FROM outbox WHERE state IN ${ACTIVE} AND id > ? ORDER BY id LIMIT ?`).all(id, limit) as Row[]).map(toEntry);
}

export function listEntries(db: Db, states?: OutboxState[]): Entry[] {
  const rows = states?.length
    ? (stmt(db, 'SELECT * FROM outbox WHERE state IN (SELECT value FROM json_each(?)) ORDER BY id').all(JSON.stringify(states)) as Row[])
    : (stmt(db, "SELECT * FROM outbox WHERE state NOT IN ('done', 'discarded') ORDER BY id").all() as Row[]);
  return rows.map(toEntry);
}

export function counts(db: Db): OutboxCounts {
  const rows = stmt(db, `SELECT state, count(*) AS n FROM outbox WHERE state IN ('queued', 'in_flight', 'retry_wait', 'needs_attention') GROUP BY state`).all() as Array<{ state: OutboxState; n: number }>;
  const n = (s: OutboxState) => rows.find((r) => r.state === s)?.n ?? 0;
  return { queued: n('queued') + n('retry_wait'), inFlight: n('in_flight'), needsAttention: n('needs_attention') };
}

/**
 * How many entries a clerk has not got through yet (waiting, in flight or parked): what typed keys
 * must not take over (keysForm.ts). `withLegacy`: entries from before clerks (clerk_id NULL) go with this clerk.
 */
export function unsentOf(db: Db, clerkId: string, withLegacy: boolean): number {
  return (stmt(db, `SELECT count(*) AS n FROM outbox WHERE state IN ('queued', 'in_flight', 'retry_wait', 'needs_attention') AND (clerk_id = ? OR (clerk_id IS NULL AND ?))`)
    .get(clerkId, withLegacy ? 1 : 0) as { n: number }).n;
}

export function markInFlight(db: Db, id: number, now: Date): void {
  stmt(db, "UPDATE outbox SET state = 'in_flight', attempts = attempts + 1, sent = 1, updated_at = ? WHERE id = ?").run(now.toISOString(), id);
}

export function markDone(db: Db, id: number, result: unknown, now: Date): void {
  stmt(db, "UPDATE outbox SET state = 'done', result = ?, last_error = NULL, error_code = NULL, error_details = '[]', error_reason = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ?")
    .run(JSON.stringify(result ?? null), now.toISOString(), id);
}

export function markRetry(db: Db, id: number, code: string, message: string, next: Date, now: Date): void {
  stmt(db, "UPDATE outbox SET state = 'retry_wait', error_code = ?, last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ?")
    .run(code, message, next.toISOString(), now.toISOString(), id);
}

/** Back to the queue without counting an attempt (the credentials were refused, not the command). */
export function requeue(db: Db, id: number, now: Date, message?: string): void {
  stmt(db, "UPDATE outbox SET state = 'queued', attempts = max(attempts - 1, 0), last_error = coalesce(?, last_error), updated_at = ? WHERE id = ?").run(message ?? null, now.toISOString(), id);
}

/** Network is back: everything waiting out a backoff may go now. */
export function makeDue(db: Db, now: Date): void {
  stmt(db, "UPDATE outbox SET next_attempt_at = ? WHERE state = 'retry_wait'").run(now.toISOString());
}

const nodeOf = (e: Entry): Node => ({ id: e.id, queue_key: e.queueKey, creates: e.creates, refs: JSON.stringify(e.refs) });

/** Every not-yet-sent entry that must wait for `root` (deps.ts): it needs root or one waiting for it, or comes after them at the same place. */
function dependants(db: Db, root: Entry): number[] {
  const later = stmt(db, `SELECT ${NODE_COLUMNS} FROM outbox WHERE id > ? AND state IN ${ACTIVE} ORDER BY id`).all(root.id) as Node[];
  const waiting = closureOf(db, [nodeOf(root)]);
  const out: number[] = [];
  for (const e of later) {
    if (relation(db, e, waiting) === null) continue;
    out.push(e.id);
    include(db, waiting, e);
  }
  return out;
}

export function park(db: Db, e: Entry, err: { code: string; message: string; details: ErrorDetail[]; reason?: Reason; conflict?: CountConflict }, now: Date): number[] {
  const iso = now.toISOString();
  stmt(db, "UPDATE outbox SET state = 'needs_attention', error_code = ?, last_error = ?, error_details = ?, error_reason = ?, count_conflict = ?, blocked_by = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ?")
    .run(err.code, err.message, JSON.stringify(err.details), err.reason ? JSON.stringify(err.reason) : null, err.conflict ? JSON.stringify(err.conflict) : null, iso, e.id);
  const deps = dependants(db, e);
  const s = stmt(db, "UPDATE outbox SET state = 'needs_attention', blocked_by = ?, updated_at = ? WHERE id = ?");
  for (const d of deps) s.run(e.id, iso, d);
  return deps;
}

/** Queues a parked entry again (same or new parameters and request_id) and releases what waited for it. */
export function resubmit(db: Db, id: number, change: { params?: Record<string, unknown>; requestId?: string; countInfo?: CountInfo | null }, now: Date): void {
  const iso = now.toISOString();
  const e = getEntry(db, id);
  if (!e) return;
  stmt(db, `UPDATE outbox SET state = 'queued', params = ?, request_id = ?, count_info = ?, count_conflict = NULL, blocked_by = NULL, last_error = NULL,
      error_code = NULL, error_details = '[]', error_reason = NULL, next_attempt_at = NULL, sent = CASE WHEN ? = request_id THEN sent ELSE 0 END, updated_at = ? WHERE id = ?`)
    .run(JSON.stringify(change.params ?? e.params), change.requestId ?? e.requestId, change.countInfo === undefined ? (e.countInfo ? JSON.stringify(e.countInfo) : null) : change.countInfo ? JSON.stringify(change.countInfo) : null,
      change.requestId ?? e.requestId, iso, id);
  stmt(db, "UPDATE outbox SET state = 'queued', blocked_by = NULL, updated_at = ? WHERE blocked_by = ? AND state = 'needs_attention'").run(iso, id);
}

/**
 * What discarding an entry means, before it is done: the entries that need it (they go with it)
 * and the ones only ordered behind it (they go on). Both oldest first; the entry itself is in neither.
 */
export function discardPlan(db: Db, id: number): { discard: Entry[]; goesOn: Entry[] } {
  const root = getEntry(db, id);
  if (!root) return { discard: [], goesOn: [] };
  const waiting = (stmt(db, "SELECT * FROM outbox WHERE blocked_by = ? AND state = 'needs_attention' ORDER BY id").all(id) as Row[]).map(toEntry);
  const gone = closureOf(db, [nodeOf(root)]);
  const plan = { discard: [] as Entry[], goesOn: [] as Entry[] };
  for (const e of waiting) {
    if (relation(db, nodeOf(e), gone) === 'needs') {
      plan.discard.push(e);
      include(db, gone, nodeOf(e));
    } else {
      plan.goesOn.push(e);
    }
  }
  return plan;
}

/** Back in line: the entry it waited for is gone and it did not need it. */
export function release(db: Db, id: number, now: Date): void {
  stmt(db, "UPDATE outbox SET state = 'queued', blocked_by = NULL, updated_at = ? WHERE id = ? AND state = 'needs_attention'").run(now.toISOString(), id);
}

export function markDiscarded(db: Db, id: number, now: Date): void {
  stmt(db, "UPDATE outbox SET state = 'discarded', updated_at = ? WHERE id = ?").run(now.toISOString(), id);
}

/** The entry that creates a local id, for a dependant that refers to it. */
export function creatorOf(db: Db, ref: string): Entry | null {
  const r = stmt(db, 'SELECT * FROM outbox WHERE creates = ? ORDER BY id DESC LIMIT 1').get(ref) as Row | undefined;
  return r ? toEntry(r) : null;
}

/** Crash recovery: an entry caught in flight is sent again with the same request_id. */
export function recoverInFlight(db: Db): void {
  stmt(db, "UPDATE outbox SET state = 'queued' WHERE state = 'in_flight'").run();
}

export function pruneDone(db: Db, before: Date): void {
  stmt(db, "DELETE FROM outbox WHERE state IN ('done', 'discarded') AND updated_at < ?").run(before.toISOString());
}

export function lastDoneAt(db: Db): string | null {
  const r = stmt(db, "SELECT max(updated_at) AS t FROM outbox WHERE state = 'done'").get() as { t: string | null };
  return r.t;
}

/** The state of the newest unfinished entry about a record (by its current or former local id). */
export function pendingStateOf(db: Db, kind: string, id: number): OutboxState | null {
  const locals = stmt(db, 'SELECT local_id FROM id_map WHERE kind = ? AND server_id = ?').all(kind, id) as Array<{ local_id: number }>;
  const keys = [`${kind}:${id}`, ...locals.map((r) => `${kind}:${r.local_id}`)];
  const r = stmt(db, `SELECT state FROM outbox WHERE queue_key IN (SELECT value FROM json_each(?)) AND state NOT IN ('done', 'discarded') ORDER BY id DESC LIMIT 1`).get(JSON.stringify(keys)) as { state: OutboxState } | undefined;
  return r?.state ?? null;
}
