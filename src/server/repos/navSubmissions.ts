import type { Sql, SqlValue } from '../db/sql';

/** What the API shows (services/finance/navStates.ts explains each); 'not_sent' only on rows no worker ever had. */
export type NavSubmissionStatus =
  | 'waiting' | 'sent' | 'received' | 'processing' | 'done' | 'aborted'
  | 'not_configured' | 'credentials_refused' | 'taxpayer_mismatch'
  /** Built before this server submitted, and superseded by a later copy: history only. */
  | 'not_sent';

export type NavSubmissionOperation = 'CREATE' | 'MODIFY' | 'STORNO' | 'ANNUL';

/** One of NAV's messages kept with a submission (its WARNs on DONE, its ERRORs on ABORTED). */
export interface StoredNavMessage {
  result: 'ERROR' | 'WARN' | 'INFO';
  code: string;
  message: string;
  tag?: string;
  value?: string;
  line?: number;
}

export interface NavSubmission {
  id: number;
  accountId: number;
  invoiceId: number;
  navRequestId: string;
  status: NavSubmissionStatus;
  message: string;
  operation: NavSubmissionOperation;
  invoiceNumber: string;
  transactionId?: string;
  batchIndex?: number;
  messages: StoredNavMessage[];
  nextAttemptMs?: number;
  attempts: number;
  lastError?: string;
  sentAt?: string;
  inDoubt: boolean;
  checkFirst: boolean;
  annulCode?: string;
  annulReason?: string;
  round: number;
  createdAt: string;
  updatedAt?: string;
}

interface Row {
  id: number; account_id: number; invoice_id: number; nav_request_id: string; status: NavSubmissionStatus; message: string;
  operation: NavSubmissionOperation; invoice_number: string | null; transaction_id: string | null; batch_index: number | null; messages: string;
  next_attempt_ms: number | null; attempts: number; last_error: string | null; sent_at: string | null; in_doubt: number; check_first: number;
  annul_code: string | null; annul_reason: string | null; round: number; created_at: string; updated_at: string | null;
}

const COLUMNS = `id, account_id, invoice_id, nav_request_id, status, message, operation, invoice_number, transaction_id, batch_index, messages,
  next_attempt_ms, attempts, last_error, sent_at, in_doubt, check_first, annul_code, annul_reason, round, created_at, updated_at`;

const toSubmission = (r: Row): NavSubmission => ({
  id: r.id, accountId: r.account_id, invoiceId: r.invoice_id, navRequestId: r.nav_request_id, status: r.status, message: r.message,
  operation: r.operation, invoiceNumber: r.invoice_number ?? '', transactionId: r.transaction_id ?? undefined, batchIndex: r.batch_index ?? undefined,
  messages: JSON.parse(r.messages) as StoredNavMessage[], nextAttemptMs: r.next_attempt_ms ?? undefined, attempts: r.attempts,
  lastError: r.last_error ?? undefined, sentAt: r.sent_at ?? undefined, inDoubt: r.in_doubt === 1, checkFirst: r.check_first === 1,
  annulCode: r.annul_code ?? undefined, annulReason: r.annul_reason ?? undefined, round: Number(r.round), createdAt: r.created_at, updatedAt: r.updated_at ?? undefined,
});

export interface NewNavSubmission {
  invoiceId: number;
  navRequestId: string;
  operation: NavSubmissionOperation;
  invoiceNumber: string;
  status: NavSubmissionStatus;
  message: string;
  /** The InvoiceData XML; for an annulment, empty. */
  invoiceData: string;
  nextAttemptMs?: number;
  annulCode?: string;
  annulReason?: string;
  round?: number;
}

/**
 * Adds a submission; undefined when the invoice already has its report for this round (a twin
 * request inserted it first: nav_submissions_once), which the caller then reads.
 */
export async function insertNavSubmission(sql: Sql, accountId: number, s: NewNavSubmission, now: Date): Promise<number | undefined> {
  const r = await sql.get<{ id: number }>(
    `INSERT INTO nav_submissions (account_id, invoice_id, nav_request_id, status, message, invoice_data, operation, invoice_number, next_attempt_ms,
       annul_code, annul_reason, round, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (invoice_id, round) WHERE operation <> 'ANNUL' AND status <> 'not_sent' DO NOTHING RETURNING id`,
    [accountId, s.invoiceId, s.navRequestId, s.status, s.message, s.invoiceData, s.operation, s.invoiceNumber, s.nextAttemptMs ?? null,
      s.annulCode ?? null, s.annulReason ?? null, s.round ?? 0, now.toISOString(), now.toISOString()],
  );
  return r?.id;
}

export async function listNavSubmissions(sql: Sql, accountId: number, invoiceId: number): Promise<NavSubmission[]> {
  const rows = await sql.all<Row>(`SELECT ${COLUMNS} FROM nav_submissions WHERE account_id = ? AND invoice_id = ? ORDER BY id`, [accountId, invoiceId]);
  return rows.map(toSubmission);
}

export async function getNavSubmission(sql: Sql, id: number): Promise<NavSubmission | undefined> {
  const r = await sql.get<Row>(`SELECT ${COLUMNS} FROM nav_submissions WHERE id = ?`, [id]);
  return r && toSubmission(r);
}

export async function getInvoiceData(sql: Sql, id: number): Promise<string> {
  return (await sql.get<{ invoice_data: string }>('SELECT invoice_data FROM nav_submissions WHERE id = ?', [id]))?.invoice_data ?? '';
}

/** The latest submission's status of each invoice issued between from and to (getInvoices). */
export async function navStatusesBetween(sql: Sql, accountId: number, from: string, to: string): Promise<Map<number, { status: NavSubmissionStatus; annulment?: NavSubmissionStatus }>> {
  const rows = await sql.all<{ invoice_id: number; status: NavSubmissionStatus; operation: NavSubmissionOperation }>(
    `SELECT s.invoice_id, s.status, s.operation FROM nav_submissions s JOIN invoices i ON i.id = s.invoice_id
      WHERE s.account_id = ? AND i.account_id = ? AND i.issued_date BETWEEN ? AND ? ORDER BY s.id`,
    [accountId, accountId, from, to],
  );
  const out = new Map<number, { status: NavSubmissionStatus; annulment?: NavSubmissionStatus }>();
  for (const r of rows) {
    const seen = out.get(r.invoice_id);
    if (r.status === 'not_sent') continue;
    if (r.operation === 'ANNUL') {
      if (seen) seen.annulment = r.status;
    } else out.set(r.invoice_id, { status: r.status });
  }
  return out;
}

/** Accounts with a submission due at nowMs, and the earliest time one becomes due (the worker's timer). */
export async function dueAccounts(sql: Sql, nowMs: number): Promise<{ due: number[]; nextMs?: number }> {
  const due = await sql.all<{ account_id: number }>('SELECT DISTINCT account_id FROM nav_submissions WHERE next_attempt_ms IS NOT NULL AND next_attempt_ms <= ?', [nowMs]);
  const next = await sql.get<{ t: number | null }>('SELECT min(next_attempt_ms) AS t FROM nav_submissions WHERE next_attempt_ms IS NOT NULL AND next_attempt_ms > ?', [nowMs]);
  return { due: due.map((r) => r.account_id), nextMs: next?.t ?? undefined };
}

/**
 * Takes up to `limit` of an account's due submissions for one worker: one UPDATE moves their time to
 * the lease and writes the worker's token. The due condition is in the UPDATE's own WHERE, so when two
 * instances pick the same rows, PostgreSQL re-checks it on the row the first one changed and the second
 * takes nothing (SQLite has one writer). A worker that dies leaves its rows due again when the lease ends.
 */
export async function claimDue(sql: Sql, accountId: number, nowMs: number, leaseUntilMs: number, token: string, limit: number): Promise<NavSubmission[]> {
  await sql.run(
    `UPDATE nav_submissions SET next_attempt_ms = ?, claim = ?
      WHERE account_id = ? AND next_attempt_ms IS NOT NULL AND next_attempt_ms <= ?
        AND id IN (SELECT id FROM nav_submissions WHERE account_id = ? AND next_attempt_ms IS NOT NULL AND next_attempt_ms <= ? ORDER BY next_attempt_ms, id LIMIT ?)`,
    [leaseUntilMs, token, accountId, nowMs, accountId, nowMs, limit],
  );
  const rows = await sql.all<Row>(`SELECT ${COLUMNS} FROM nav_submissions WHERE claim = ? ORDER BY id`, [token]);
  return rows.map(toSubmission);
}

/** Whether this worker still holds the row (its lease not taken over by another after it ran out). */
export async function stillClaimed(sql: Sql, id: number, token: string): Promise<boolean> {
  return (await sql.get<{ id: number }>('SELECT id FROM nav_submissions WHERE id = ? AND claim = ?', [id, token])) !== undefined;
}

export interface NavSubmissionChange {
  status?: NavSubmissionStatus;
  message?: string;
  transactionId?: string | null;
  batchIndex?: number | null;
  messages?: StoredNavMessage[];
  /** null: nothing more to do until a person acts (or ever). */
  nextAttemptMs?: number | null;
  attemptsPlus?: number;
  lastError?: string | null;
  sentAt?: string | null;
  inDoubt?: boolean;
  checkFirst?: boolean;
}

/** Changes one submission; with `token`, only while this worker holds it (true when it did). */
export async function updateNavSubmission(sql: Sql, id: number, c: NavSubmissionChange, now: Date, token?: string): Promise<boolean> {
  const sets: string[] = ['updated_at = ?'];
  const args: SqlValue[] = [now.toISOString()];
  const set = (col: string, v: SqlValue) => { sets.push(`${col} = ?`); args.push(v); };
  if (c.status !== undefined) set('status', c.status);
  if (c.message !== undefined) set('message', c.message);
  if (c.transactionId !== undefined) set('transaction_id', c.transactionId);
  if (c.batchIndex !== undefined) set('batch_index', c.batchIndex);
  if (c.messages !== undefined) set('messages', JSON.stringify(c.messages));
  if (c.nextAttemptMs !== undefined) set('next_attempt_ms', c.nextAttemptMs);
  if (c.attemptsPlus) {
    sets.push('attempts = attempts + ?');
    args.push(c.attemptsPlus);
  }
  if (c.lastError !== undefined) set('last_error', c.lastError);
  if (c.sentAt !== undefined) set('sent_at', c.sentAt);
  if (c.inDoubt !== undefined) set('in_doubt', c.inDoubt ? 1 : 0);
  if (c.checkFirst !== undefined) set('check_first', c.checkFirst ? 1 : 0);
  args.push(id);
  let where = 'id = ?';
  if (token !== undefined) {
    where += ' AND claim = ?';
    args.push(token);
  }
  return (await sql.run(`UPDATE nav_submissions SET ${sets.join(', ')} WHERE ${where}`, args)).changes === 1;
}

/** Lets go of a worker's claim; the rows it left untouched (`untouched`, ids) are due at `untouchedMs`. */
export async function releaseClaim(sql: Sql, token: string, untouched: readonly number[], untouchedMs: number): Promise<void> {
  if (untouched.length > 0) {
    await sql.run(`UPDATE nav_submissions SET next_attempt_ms = ? WHERE claim = ? AND id IN (${untouched.map(() => '?').join(', ')})`, [untouchedMs, token, ...untouched]);
  }
  await sql.run('UPDATE nav_submissions SET claim = NULL WHERE claim = ?', [token]);
}

/** Every submission of an account waiting for a person (or for a connection) becomes due again: the operator changed the connection. */
export async function resumeAccount(sql: Sql, accountId: number, nowMs: number, now: Date): Promise<number> {
  const held = (await sql.run(
    `UPDATE nav_submissions SET status = 'waiting', next_attempt_ms = ?, updated_at = ?
      WHERE account_id = ? AND status IN ('not_configured', 'credentials_refused', 'taxpayer_mismatch')`,
    [nowMs, now.toISOString(), accountId],
  )).changes;
  // Those already at NAV (or in doubt) that stopped with the queue are followed up again.
  const atNav = (await sql.run(
    `UPDATE nav_submissions SET next_attempt_ms = ?, updated_at = ?
      WHERE account_id = ? AND next_attempt_ms IS NULL AND status IN ('sent', 'received', 'processing')`,
    [nowMs, now.toISOString(), accountId],
  )).changes;
  return held + atNav;
}

/** The account's queue stops: every submission not yet at NAV waits for a person, with why. */
export async function holdAccount(sql: Sql, accountId: number, status: NavSubmissionStatus, message: string, lastError: string, now: Date): Promise<number> {
  return (await sql.run(
    `UPDATE nav_submissions SET status = ?, message = ?, last_error = ?, next_attempt_ms = NULL, claim = NULL, updated_at = ?
      WHERE account_id = ? AND status IN ('waiting', 'not_configured', 'credentials_refused', 'taxpayer_mismatch') AND in_doubt = 0`,
    [status, message, lastError, now.toISOString(), accountId],
  )).changes;
}

/** Transaction ids of the account this server already knows (a lost one is any other). */
export async function knownTransactionIds(sql: Sql, accountId: number): Promise<Set<string>> {
  const rows = await sql.all<{ t: string }>('SELECT DISTINCT transaction_id AS t FROM nav_submissions WHERE account_id = ? AND transaction_id IS NOT NULL', [accountId]);
  return new Set(rows.map((r) => r.t));
}

/** How many of an account's submissions are in each status (admin nav show). */
export async function countByStatus(sql: Sql, accountId: number): Promise<Record<string, number>> {
  const rows = await sql.all<{ status: string; n: number }>('SELECT status, count(*) AS n FROM nav_submissions WHERE account_id = ? GROUP BY status ORDER BY status', [accountId]);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
