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
import { discardSet, getEntry, insertEntry, markDiscarded, markDone, resubmit, setUndo, toView, type CountInfo } from './repo';
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
}

export function submit(d: OutboxDeps, cmd: Command): number {
  return d.db.transaction(() => {
    const now = d.now();
    const id = insertEntry(d.db, { ...cmd, requestId: newRequestId(d.random), refs: localRefs(cmd.method, cmd.params) }, now);
    const undo = applyEffect(d.db, id, cmd.method, cmd.params, cmd.creates, now);
    if (undo) setUndo(d.db, id, undo);
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
    d.db.prepare('UPDATE outbox SET refs = ? WHERE id = ?').run(JSON.stringify(localRefs(e.method, clean)), id);
  })();
  return view(d.db, id);
}

export function discard(d: OutboxDeps, id: number): number[] {
  const e = getEntry(d.db, id);
  if (!e) throw notFound(id);
  if (e.state === 'done' || e.state === 'discarded') throw wrongState(`Entry ${id} is already ${e.state}.`);
  if (e.state === 'in_flight') throw wrongState(`Entry ${id} is being sent right now; wait for the answer.`);
  return d.db.transaction(() => {
    const set = discardSet(d.db, id);
    for (const x of set) {
      rollback(d.db, x);
      markDiscarded(d.db, x.id, d.now());
    }
    return set.map((x) => x.id).sort((a, b) => a - b);
  })();
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
