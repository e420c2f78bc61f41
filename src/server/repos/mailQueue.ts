import type { Db } from '../db/types';
import { stmt } from './statements';

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface QueuedMail {
  id: number;
  accountId: number;
  invoiceId: number;
  to: string;
  status: MailStatus;
  attempts: number;
  lastError?: string;
  /** Wall-clock ms of the next try; undefined while nothing is scheduled (no SMTP, sent, given up). */
  nextAttemptMs?: number;
  attachmentId?: number;
  sentAt?: string;
  createdAt: string;
}

interface Row {
  id: number; account_id: number; invoice_id: number; to_addr: string; status: MailStatus; attempts: number; last_error: string | null;
  next_attempt_ms: number | null; attachment_id: number | null; sent_at: string | null; created_at: string;
}
const toMail = (r: Row): QueuedMail => ({
  id: r.id, accountId: r.account_id, invoiceId: r.invoice_id, to: r.to_addr, status: r.status, attempts: r.attempts,
  lastError: r.last_error ?? undefined, nextAttemptMs: r.next_attempt_ms ?? undefined, attachmentId: r.attachment_id ?? undefined,
  sentAt: r.sent_at ?? undefined, createdAt: r.created_at,
});

/** Queued with a time to try, or held (no time) with the reason it cannot be sent yet. */
export function enqueueMail(db: Db, accountId: number, m: { invoiceId: number; to: string; nextAttemptMs?: number; heldReason?: string }, now: Date): number {
  const r = stmt(
    db,
    "INSERT INTO mail_queue (account_id, invoice_id, to_addr, status, next_attempt_ms, last_error, created_at) VALUES (?, ?, ?, 'pending', ?, ?, ?)",
  ).run(accountId, m.invoiceId, m.to, m.nextAttemptMs ?? null, m.heldReason ?? null, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function getMailForInvoice(db: Db, accountId: number, invoiceId: number): QueuedMail | undefined {
  const r = stmt(db, 'SELECT * FROM mail_queue WHERE account_id = ? AND invoice_id = ?').get(accountId, invoiceId) as Row | undefined;
  return r && toMail(r);
}

/** Pending mail whose time has come, oldest first (across accounts: the worker serves the process). */
export function listDueMail(db: Db, nowMs: number, limit: number): QueuedMail[] {
  const rows = stmt(
    db,
    "SELECT * FROM mail_queue WHERE status = 'pending' AND next_attempt_ms IS NOT NULL AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?",
  ).all(nowMs, limit) as Row[];
  return rows.map(toMail);
}

/** The earliest scheduled attempt, for the worker's timer. */
export function nextMailAttemptMs(db: Db): number | undefined {
  const r = stmt(db, "SELECT min(next_attempt_ms) AS t FROM mail_queue WHERE status = 'pending' AND next_attempt_ms IS NOT NULL").get() as { t: number | null };
  return r.t ?? undefined;
}

export function setMailAttachment(db: Db, id: number, attachmentId: number): void {
  stmt(db, 'UPDATE mail_queue SET attachment_id = ? WHERE id = ?').run(attachmentId, id);
}

export function markMailSent(db: Db, id: number, now: Date): void {
  stmt(
    db,
    "UPDATE mail_queue SET status = 'sent', attempts = attempts + 1, last_error = NULL, next_attempt_ms = NULL, sent_at = ? WHERE id = ?",
  ).run(now.toISOString(), id);
}

/** A failed try: counted, with the reason; retried at nextAttemptMs, or given up ('failed') without one. */
export function markMailAttemptFailed(db: Db, id: number, error: string, nextAttemptMs: number | undefined): void {
  stmt(db, 'UPDATE mail_queue SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_ms = ? WHERE id = ?').run(
    nextAttemptMs === undefined ? 'failed' : 'pending', error, nextAttemptMs ?? null, id,
  );
}

/** Not tried at all (no SMTP configured): stays pending with the reason, nothing scheduled. */
export function holdMail(db: Db, id: number, reason: string): void {
  stmt(db, "UPDATE mail_queue SET last_error = ?, next_attempt_ms = NULL WHERE id = ? AND status = 'pending'").run(reason, id);
}

/** Held mail becomes due again when a server with SMTP starts. */
export function releaseHeldMail(db: Db, nowMs: number): number {
  return stmt(db, "UPDATE mail_queue SET next_attempt_ms = ? WHERE status = 'pending' AND next_attempt_ms IS NULL").run(nowMs).changes;
}
