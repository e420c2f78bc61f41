/**
 * What the screens do with the outbox: submit a command (entry + optimistic effect in one
 * transaction), list, retry, edit, discard, and resolve a stock-count conflict.
 */
import { validateParams, ProtocolError, type MethodName } from '@shared/protocol';
import { IpcError } from '@shared/ipc/validate';
import type { OutboxEntryView, OutboxSummary } from '@shared/ipc/types';
import type { Db } from '../mirror/db';
import { toMilli } from '../mirror/fold';
import { newRequestId } from '../random';
import type { Random } from '../types';
import { applyEffect } from './apply';
import { rollback } from './effects';
import { localRefs, resolveParams } from './ids';
import { recordKey } from './deps';
import { applyFix, type Fix } from './fixes';
import { discardPlan, getEntry, insertEntry, markDiscarded, markDone, release, resubmit, setUndo, toView, waitIfParked, type CountInfo } from './repo';
import { resummarize } from './summary';
import { confirmServerNow } from './replay';
import { removePending, addPending } from '../mirror/stock';
import { currentId } from '../mirror/settings';

export interface Command {
  method: MethodName;
  params: Record<string, unknown>;
  summary: string;
  summaryData?: OutboxSummary;
  queueKey: string;
  creates?: string;
  countInfo?: CountInfo;
}

export interface OutboxDeps {
  db: Db;
  random: Random;
  now(): Date;
  /** The clerk signed in now (clerkBook.ts id), written with each entry in its transaction; absent or null: none. */
  clerkId?(): string | null;
}

export function submit(d: OutboxDeps, cmd: Command): number {
  return d.db.transaction(() => {
    const now = d.now();
    const queueKey = recordKey(cmd.method, cmd.params, cmd.queueKey);
    const id = insertEntry(d.db, { ...cmd, queueKey, requestId: newRequestId(d.random), refs: localRefs(cmd.method, cmd.params), clerkId: d.clerkId?.() ?? null }, now);
    const undo = applyEffect(d.db, id, cmd.method, cmd.params, cmd.creates, now);
    if (undo) setUndo(d.db, id, undo);
    // After the effect: where it takes stock decides whether it needs a parked entry.
    waitIfParked(d.db, id);
    return id;
  })();
}

const notFound = (id: number) => new IpcError({ code: 'NOT_FOUND', message: `There is no outbox entry ${id}.`, details: [] });
const wrongState = (message: string) => new IpcError({ code: 'CONFLICT', message, details: [] });

function view(db: Db, id: number): OutboxEntryView {
  const e = getEntry(db, id);
  if (!e) throw notFound(id);
  return toView(e);
}

/** A parked entry goes back in line as it is; one waiting out a backoff goes now. */
export function retry(d: OutboxDeps, id: number): OutboxEntryView {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (e.state === 'needs_attention') {
    if (e.blockedBy !== null) throw wrongState(`Entry ${id} waits for entry ${e.blockedBy}; fix or discard that one first.`);
    d.db.transaction(() => resubmit(d.db, id, {}, d.now()))();
  } else if (e.state === 'retry_wait') {
    d.db.prepare('UPDATE outbox SET next_attempt_at = ? WHERE id = ?').run(d.now().toISOString(), id);
  } else if (e.state !== 'queued' && e.state !== 'in_flight') {
    throw wrongState(`Entry ${id} is ${e.state}; only entries that wait or need attention can be retried.`);
  }
  return view(d.db, id);
}

/** New parameters (checked as the server will check them), a new request_id, the effect redone. */
export function edit(d: OutboxDeps, id: number, params: Record<string, unknown>): OutboxEntryView {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (e.state !== 'needs_attention' || e.blockedBy !== null) throw wrongState(`Only an entry that needs attention itself can be edited; entry ${id} is ${e.blockedBy ? `waiting for entry ${e.blockedBy}` : e.state}.`);
  const { request_id: _ignored, ...clean } = params;
  const resolved = resolveParams(d.db, e.method, clean);
  try {
    validateParams(e.method as MethodName, 'params' in resolved ? resolved.params : clean);
  } catch (err) {
    if (err instanceof ProtocolError) throw new IpcError({ code: 'VALIDATION_ERROR', message: err.message, details: err.details });
    throw err;
  }
  d.db.transaction(() => {
    const now = d.now();
    rollback(d.db, e);
    const undo = applyEffect(d.db, id, e.method, clean, e.creates, now);
    setUndo(d.db, id, undo ?? {});
    const countInfo = e.countInfo && typeof clean.quantity === 'number' ? { ...e.countInfo, counted: e.countInfo.expected + clean.quantity } : undefined;
    resubmit(d.db, id, { params: clean, requestId: newRequestId(d.random), ...(countInfo ? { countInfo } : {}) }, now);
    // The sent log words what is sent now, not what was first asked for; a moved stock change changes its place.
    const summaryData = resummarize(e.summaryData, e.method, clean);
    d.db.prepare('UPDATE outbox SET refs = ?, summary_data = ?, queue_key = ? WHERE id = ?')
      .run(JSON.stringify(localRefs(e.method, clean)), summaryData ? JSON.stringify(summaryData) : null, recordKey(e.method, clean, e.queueKey), id);
    // Moved to a place (or given a reference) that an older refused entry holds: it waits for that one.
    waitIfParked(d.db, id);
  })();
  return view(d.db, id);
}

function discardable(d: OutboxDeps, id: number) {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (e.state === 'done' || e.state === 'discarded') throw wrongState(`Entry ${id} is already ${e.state}.`);
  if (e.state === 'in_flight') throw wrongState(`Entry ${id} is being sent right now; wait for the answer.`);
  return e;
}

/** What a discard would take with it and what would go on, before the clerk confirms it. */
export function planDiscard(d: OutboxDeps, id: number): { discard: OutboxEntryView[]; goesOn: OutboxEntryView[] } {
  discardable(d, id);
  const plan = discardPlan(d.db, id);
  return { discard: plan.discard.map(toView), goesOn: plan.goesOn.map(toView) };
}

/** Discards the entry and what needs it (effects undone newest first); what was only ordered behind it goes on. */
export function discard(d: OutboxDeps, id: number): { discarded: number[]; goesOn: number[] } {
  const e = discardable(d, id);
  return d.db.transaction(() => {
    const now = d.now();
    const plan = discardPlan(d.db, id);
    const gone = [e, ...plan.discard].sort((a, b) => b.id - a.id);
    for (const x of gone) {
      rollback(d.db, x);
      markDiscarded(d.db, x.id, now);
    }
    for (const x of plan.goesOn) release(d.db, x.id, now);
    return { discarded: gone.map((x) => x.id).sort((a, b) => a - b), goesOn: plan.goesOn.map((x) => x.id) };
  })();
}

/** One of the fixes the refusal's reason offers (fixes.ts), applied as an edit. */
export function fix(d: OutboxDeps, id: number, what: Fix): OutboxEntryView {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (e.state !== 'needs_attention' || e.blockedBy !== null) throw wrongState(`Only an entry the server refused can be fixed; entry ${id} is ${e.blockedBy ? `waiting for entry ${e.blockedBy}` : e.state}.`);
  const r = applyFix({ method: e.method, params: e.params, reason: e.errorReason }, what);
  if ('problem' in r) throw wrongState(r.problem);
  return edit(d, id, r.params);
}

export function resolveCount(d: OutboxDeps, id: number, action: 'apply_as_counted' | 'rebase' | 'discard'): OutboxEntryView | null {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (!e.countConflict || !e.countInfo || e.state !== 'needs_attention') throw wrongState(`Entry ${id} has no stock-count conflict to resolve.`);
  if (action === 'discard') {
    discard(d, id);
    return null;
  }
  const info = e.countInfo;
  const now = e.countConflict.serverNow;
  d.db.transaction(() => {
    const t = d.now();
    if (action === 'rebase') {
      resubmit(d.db, id, { requestId: newRequestId(d.random), countInfo: { ...info, rebased: true } }, t);
      return;
    }
    const productId = currentId(d.db, 'product', e.params.product_id as number);
    const delta = toMilli(info.counted) - toMilli(now);
    confirmServerNow(d.db, productId, info.warehouse, info.stockLabel, now);
    removePending(d.db, id);
    if (delta === 0) {
      // The server already holds what was counted: nothing left to send.
      resubmit(d.db, id, {}, t);
      markDone(d.db, id, null, t);
      return;
    }
    addPending(d.db, id, productId, info.warehouse, info.stockLabel, delta);
    resubmit(d.db, id, { params: { ...e.params, quantity: delta / 1000 }, requestId: newRequestId(d.random), countInfo: { ...info, expected: now } }, t);
  })();
  return view(d.db, id);
}
