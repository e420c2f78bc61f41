import type { Sql } from '../db/sql';

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
export async function enqueueMail(sql: Sql, accountId: number, m: { invoiceId: number; to: string; nextAttemptMs?: number; heldReason?: string }, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>(
    "INSERT INTO mail_queue (account_id, invoice_id, to_addr, status, next_attempt_ms, last_error, created_at) VALUES (?, ?, ?, 'pending', ?, ?, ?) RETURNING id",
    [accountId, m.invoiceId, m.to, m.nextAttemptMs ?? null, m.heldReason ?? null, now.toISOString()],
  );
  return r!.id;
}

export async function getMailForInvoice(sql: Sql, accountId: number, invoiceId: number): Promise<QueuedMail | undefined> {
  const r = await sql.get<Row>('SELECT * FROM mail_queue WHERE account_id = ? AND invoice_id = ?', [accountId, invoiceId]);
  return r && toMail(r);
}

/** Pending mail whose time has come, oldest first (across accounts: the worker serves the process). */
export async function listDueMail(sql: Sql, nowMs: number, limit: number): Promise<QueuedMail[]> {
  const rows = await sql.all<Row>(
    "SELECT * FROM mail_queue WHERE status = 'pending' AND next_attempt_ms IS NOT NULL AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?",
    [nowMs, limit],
  );
  return rows.map(toMail);
}

/** The earliest scheduled attempt, for the worker's timer. */
export async function nextMailAttemptMs(sql: Sql): Promise<number | undefined> {
  const r = await sql.get<{ t: number | null }>("SELECT min(next_attempt_ms) AS t FROM mail_queue WHERE status = 'pending' AND next_attempt_ms IS NOT NULL");
  return r?.t ?? undefined;
}

/**
 * Takes a due mail for one sender: moves its attempt time to `leaseUntilMs` if it is still the
 * `seenNextMs` the sender listed it with. Another worker (another instance on the same database)
 * that listed the same mail then changes nothing and skips it; a sender that dies mid-send leaves
 * the mail due again when the lease ends. True when this sender has it.
 */
export async function claimMail(sql: Sql, id: number, seenNextMs: number, leaseUntilMs: number): Promise<boolean> {
  const r = await sql.run("UPDATE mail_queue SET next_attempt_ms = ? WHERE id = ? AND status = 'pending' AND next_attempt_ms = ?", [leaseUntilMs, id, seenNextMs]);
  return r.changes === 1;
}

export async function setMailAttachment(sql: Sql, id: number, attachmentId: number): Promise<void> {
  await sql.run('UPDATE mail_queue SET attachment_id = ? WHERE id = ?', [attachmentId, id]);
}

export async function markMailSent(sql: Sql, id: number, now: Date): Promise<void> {
  await sql.run("UPDATE mail_queue SET status = 'sent', attempts = attempts + 1, last_error = NULL, next_attempt_ms = NULL, sent_at = ? WHERE id = ?", [
    now.toISOString(), id,
  ]);
}

/** A failed try: counted, with the reason; retried at nextAttemptMs, or given up ('failed') without one. */
export async function markMailAttemptFailed(sql: Sql, id: number, error: string, nextAttemptMs: number | undefined): Promise<void> {
  await sql.run('UPDATE mail_queue SET status = ?, attempts = attempts + 1, last_error = ?, next_attempt_ms = ? WHERE id = ?', [
    nextAttemptMs === undefined ? 'failed' : 'pending', error, nextAttemptMs ?? null, id,
  ]);
}

/** Not tried at all (no SMTP configured): stays pending with the reason, nothing scheduled. */
export async function holdMail(sql: Sql, id: number, reason: string): Promise<void> {
  await sql.run("UPDATE mail_queue SET last_error = ?, next_attempt_ms = NULL WHERE id = ? AND status = 'pending'", [reason, id]);
}

/** Held mail becomes due again when a server with SMTP starts. */
export async function releaseHeldMail(sql: Sql, nowMs: number): Promise<number> {
  return (await sql.run("UPDATE mail_queue SET next_attempt_ms = ? WHERE status = 'pending' AND next_attempt_ms IS NULL", [nowMs])).changes;
}
