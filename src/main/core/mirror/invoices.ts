/**
 * Invoices: headers the server listed, and invoices issued here (negative ids until the server
 * numbers them; then the row takes the server's id). Payments recorded here lower the balance shown
 * until the server confirms them. PDFs are cached per invoice and language for offline printing.
 */
import type { InvoiceHeader, Params, Result } from '@shared/protocol';
import type { InvoiceRow, OutboxState } from '@shared/ipc/types';
import { json, stmt, type Db } from './db';

interface Row {
  id: number; local: number; invoice_number: string | null; type: InvoiceRow['type']; status: string; contact_id: number;
  contact_name: string; currency: string; issued_date: string; payment_date: string; total: number; balance: number;
  pending_paid: number; params: string | null; created_by: string | null;
}

const SELECT = `SELECT i.*, json_extract(i.header, '$.created_by') AS created_by, coalesce((SELECT sum(amount) FROM payments_pending pp WHERE pp.invoice_id = i.id), 0) AS pending_paid FROM invoices i`;

export function upsertHeaders(db: Db, headers: InvoiceHeader[], now: Date): void {
  const s = stmt(db, `INSERT INTO invoices (id, local, invoice_number, type, status, contact_id, contact_name, currency, issued_date, payment_date, total, balance, header, updated_at)
    VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (id) DO UPDATE SET local = 0, invoice_number = excluded.invoice_number, type = excluded.type, status = excluded.status,
      contact_id = excluded.contact_id, contact_name = excluded.contact_name, currency = excluded.currency, issued_date = excluded.issued_date,
      payment_date = excluded.payment_date, total = excluded.total, balance = excluded.balance, header = excluded.header, updated_at = excluded.updated_at`);
  for (const h of headers) {
    s.run(h.id, h.invoice_number ?? null, h.type, h.status, h.contact_id, h.contact_name, h.currency, h.issued_date, h.payment_date, h.total, h.balance, JSON.stringify(h), now.toISOString());
  }
}

export function insertLocalInvoice(db: Db, id: number, p: Params<'setInvoice'>, v: { contactName: string; total: number; type: InvoiceRow['type'] }, now: Date): void {
  stmt(db, `INSERT INTO invoices (id, local, invoice_number, type, status, contact_id, contact_name, currency, issued_date, payment_date, total, balance, params, updated_at)
    VALUES (?, 1, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(id, v.type, v.type === 'proforma' ? 'proforma' : 'unpaid', p.contact_id, v.contactName, p.currency,
    p.issued_date, p.payment_date, v.total, v.type === 'proforma' ? 0 : v.total, JSON.stringify(p), now.toISOString());
}

export function deleteInvoice(db: Db, id: number): void {
  stmt(db, 'DELETE FROM invoices WHERE id = ?').run(id);
  stmt(db, 'DELETE FROM pdfs WHERE invoice_id = ?').run(id);
}

/** The server numbered an invoice issued here: the row (and its payments waiting) take the server's id. */
export function renumberInvoice(db: Db, localId: number, r: Result<'setInvoice'>, now: Date): void {
  const exists = stmt(db, 'SELECT 1 FROM invoices WHERE id = ?').get(r.invoice_id);
  if (exists) {
    stmt(db, 'UPDATE invoices SET params = (SELECT params FROM invoices WHERE id = ?) WHERE id = ?').run(localId, r.invoice_id);
    stmt(db, 'DELETE FROM invoices WHERE id = ?').run(localId);
  } else {
    stmt(db, 'UPDATE invoices SET id = ? WHERE id = ?').run(r.invoice_id, localId);
  }
  stmt(db, `UPDATE invoices SET local = 0, invoice_number = ?, type = ?, status = ?, total = ?, balance = CASE WHEN ? = 'proforma' THEN 0 ELSE ? END, updated_at = ? WHERE id = ?`)
    .run(r.invoice_number, r.type, r.status, r.totals.gross, r.type, r.totals.gross, now.toISOString(), r.invoice_id);
  stmt(db, 'UPDATE payments_pending SET invoice_id = ? WHERE invoice_id = ?').run(r.invoice_id, localId);
  stmt(db, 'DELETE FROM pdfs WHERE invoice_id = ?').run(localId);
}

export function setBalanceFromServer(db: Db, r: Result<'setBalance'>): void {
  stmt(db, 'UPDATE invoices SET balance = ?, status = ? WHERE id = ?').run(r.balance, r.status, r.invoice_id);
}

/** The server changed this invoice as a side effect: read it again once the outbox is empty. */
export function markInvoiceStale(db: Db, id: number): void {
  stmt(db, 'INSERT OR IGNORE INTO stale_invoices (invoice_id) VALUES (?)').run(id);
}

export function staleInvoices(db: Db, limit: number): number[] {
  return stmt(db, 'SELECT invoice_id FROM stale_invoices ORDER BY invoice_id LIMIT ?').pluck().all(limit) as number[];
}

export function clearInvoiceStale(db: Db, id: number): void {
  stmt(db, 'DELETE FROM stale_invoices WHERE invoice_id = ?').run(id);
}

/** The server's invoice as getInvoice answers it: header and cached detail (payments, status) replaced. */
export function refreshInvoice(db: Db, record: Result<'getInvoice'>, now: Date): void {
  upsertHeaders(db, [record], now);
  saveDetail(db, record);
  clearInvoiceStale(db, record.id);
}

export function setInvoiceStatus(db: Db, id: number, status: string): void {
  stmt(db, 'UPDATE invoices SET status = ? WHERE id = ?').run(status, id);
}

export function addPendingPayment(db: Db, entryId: number, invoiceId: number, amount: number): void {
  stmt(db, 'INSERT INTO payments_pending (entry_id, invoice_id, amount) VALUES (?, ?, ?)').run(entryId, invoiceId, amount);
}

export function removePendingPayment(db: Db, entryId: number): void {
  stmt(db, 'DELETE FROM payments_pending WHERE entry_id = ?').run(entryId);
}

function outboxStateOf(db: Db, id: number): OutboxState | null {
  const keys = [`invoice:${id}`, ...(stmt(db, "SELECT local_id FROM id_map WHERE kind = 'invoice' AND server_id = ?").all(id) as Array<{ local_id: number }>).map((r) => `invoice:${r.local_id}`)];
  const r = stmt(db, `SELECT state FROM outbox WHERE queue_key IN (SELECT value FROM json_each(?)) AND state NOT IN ('done', 'discarded') ORDER BY id DESC LIMIT 1`).get(JSON.stringify(keys)) as { state: OutboxState } | undefined;
  return r?.state ?? null;
}

function toRow(db: Db, r: Row, today: string): InvoiceRow {
  const balance = Math.round((r.balance - r.pending_paid) * 100) / 100;
  const closed = ['paid', 'cancelled', 'storno', 'proforma', 'converted'].includes(r.status);
  return {
    id: r.id, local: r.local === 1, serverId: r.local === 1 ? null : r.id, invoiceNumber: r.invoice_number, type: r.type, status: r.status,
    contactId: r.contact_id, contactName: r.contact_name, currency: r.currency, issuedDate: r.issued_date, paymentDate: r.payment_date,
    total: r.total, balance, overdue: !closed && balance > 0 && r.payment_date < today, outboxState: outboxStateOf(db, r.id), createdBy: r.created_by ?? null,
  };
}

export function invoiceRow(db: Db, id: number, today: string): InvoiceRow | null {
  const r = stmt(db, `${SELECT} WHERE i.id = ?`).get(id) as Row | undefined;
  return r ? toRow(db, r, today) : null;
}

export function listInvoices(db: Db, q: { dateFrom: string; dateTo: string; status?: string; contactId?: number }, today: string): InvoiceRow[] {
  const rows = stmt(db, `${SELECT} WHERE i.issued_date BETWEEN @from AND @to AND (@status IS NULL OR i.status = @status) AND (@contact IS NULL OR i.contact_id = @contact)
      ORDER BY i.issued_date DESC, i.id DESC`).all({ from: q.dateFrom, to: q.dateTo, status: q.status ?? null, contact: q.contactId ?? null }) as Row[];
  return rows.map((r) => toRow(db, r, today));
}

export function invoiceParams(db: Db, id: number): Params<'setInvoice'> | null {
  const r = stmt(db, 'SELECT params FROM invoices WHERE id = ?').get(id) as { params: string | null } | undefined;
  return r?.params ? json<Params<'setInvoice'>>(r.params, null as never) : null;
}

export function saveDetail(db: Db, d: Result<'getInvoice'>): void {
  stmt(db, 'UPDATE invoices SET detail = ? WHERE id = ?').run(JSON.stringify(d), d.id);
}

export function invoiceDetail(db: Db, id: number): Result<'getInvoice'> | null {
  const r = stmt(db, 'SELECT detail FROM invoices WHERE id = ?').get(id) as { detail: string | null } | undefined;
  return r?.detail ? (JSON.parse(r.detail) as Result<'getInvoice'>) : null;
}

export function cachePdf(db: Db, invoiceId: number, language: string, filename: string, pdf: Buffer, now: Date): void {
  stmt(db, 'INSERT OR REPLACE INTO pdfs (invoice_id, language, filename, pdf, fetched_at) VALUES (?, ?, ?, ?, ?)').run(invoiceId, language, filename, pdf, now.toISOString());
}

export function cachedPdf(db: Db, invoiceId: number, language: string): { filename: string; pdf: Buffer } | null {
  return (stmt(db, 'SELECT filename, pdf FROM pdfs WHERE invoice_id = ? AND language = ?').get(invoiceId, language) as { filename: string; pdf: Buffer } | undefined) ?? null;
}

export function latestServerInvoiceId(db: Db): number | null {
  const r = stmt(db, 'SELECT id FROM invoices WHERE local = 0 ORDER BY issued_date DESC, id DESC LIMIT 1').get() as { id: number } | undefined;
  return r?.id ?? null;
}

/**
 * The invoice issued for an order (by any id the order has had), issued here or pulled with its
 * detail; a cancelled one does not count. Local (not numbered yet) ones first: they are the newest.
 */
/** A mirrored invoice's number; null while the server has not numbered it. */
export function invoiceNumberOf(db: Db, id: number): string | null {
  return (stmt(db, 'SELECT invoice_number FROM invoices WHERE id = ?').pluck().get(id) as string | null | undefined) ?? null;
}

export function invoiceForOrder(db: Db, orderIds: number[]): { id: number; local: boolean } | null {
  const r = stmt(db, `SELECT id, local FROM invoices WHERE type = 'invoice' AND status <> 'cancelled'
      AND coalesce(json_extract(params, '$.order_id'), json_extract(detail, '$.order_id'), json_extract(header, '$.order_id')) IN (SELECT value FROM json_each(?))
      ORDER BY local DESC, id DESC LIMIT 1`).get(JSON.stringify(orderIds)) as { id: number; local: number } | undefined;
  return r ? { id: r.id, local: r.local === 1 } : null;
}

/** Invoices issued here and not numbered yet, and payments recorded here and not confirmed, per customer and currency. */
export function unconfirmedReceivables(db: Db): Array<{ contactId: number; name: string; currency: string; amount: number; paymentDate: string; invoices: number }> {
  type R = { contact_id: number; contact_name: string; currency: string; amount: number; payment_date: string; invoices: number };
  const issued = stmt(db, `SELECT contact_id, contact_name, currency, total AS amount, payment_date, 1 AS invoices FROM invoices WHERE local = 1 AND type = 'invoice'`).all() as R[];
  // A payment that settles a numbered invoice takes it off the customer's count of open invoices.
  const paid = stmt(db, `SELECT i.contact_id, i.contact_name, i.currency, -sum(pp.amount) AS amount, i.payment_date,
      CASE WHEN i.local = 0 AND round((i.balance - sum(pp.amount)) * 100) <= 0 THEN -1 ELSE 0 END AS invoices
      FROM payments_pending pp JOIN invoices i ON i.id = pp.invoice_id GROUP BY pp.invoice_id`).all() as R[];
  return [...issued, ...paid].map((r) => ({ contactId: r.contact_id, name: r.contact_name, currency: r.currency, amount: r.amount, paymentDate: r.payment_date, invoices: r.invoices }));
}
