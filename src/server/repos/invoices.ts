/**
 * Invoices, their lines and retentions. Objects carry amounts as exact decimal strings in the
 * invoice currency ("12700", "99.90"); rows carry INTEGER minor units at scale 2.
 */
import { fromMinorUnits, toMinorUnits } from '@shared/money';
import type { CustomFields } from '@shared/protocol';
import { DIALECTS, perEngine } from '../db/dialect';
import { actorOf } from './actor';
import type { Sql } from '../db/sql';
import type { Party } from '@documents/model';

export type InvoiceType = 'invoice' | 'proforma' | 'storno';
export type Crdr = 'outgoing' | 'received' | 'advance in' | 'advance out';
export type CustomerVatType = 'DOMESTIC' | 'PRIVATE_PERSON' | 'OTHER';

export interface Amounts {
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
  grossHuf?: string;
}

/** What a list row needs: no parties, no texts. */
export interface InvoiceHeader {
  id: number;
  type: InvoiceType;
  invoiceNumber: string;
  crdr: Crdr;
  issuedDate: string;
  paymentDate: string;
  fulfillmentDate: string;
  contactId: number;
  contactName: string;
  currency: string;
  totals: Amounts;
  /** Sum of payments and adjustments, in the invoice currency. */
  paid: string;
  stornoOf?: number;
  cancelledBy?: number;
  convertedTo?: number;
  /** The name of the user who issued it, when a user's session did. */
  createdBy?: string;
}

export interface NewInvoice {
  type: InvoiceType;
  invoiceNumber: string;
  series: string;
  year: number;
  seq: number;
  crdr: Crdr;
  method: string;
  issuedDate: string;
  paymentDate: string;
  fulfillmentDate: string;
  selectedAccount: string;
  contactId: number;
  contactName: string;
  currency: string;
  fxRate?: string;
  customerVatType: CustomerVatType;
  language: string;
  email?: string;
  esignature: boolean;
  esignatureNote?: string;
  invoiceDescription?: string;
  centralDescription?: string;
  issuerSwift?: string;
  issuerEmail?: string;
  issuerPhone?: string;
  customFields?: CustomFields;
  orderId?: number;
  fromProformaId?: number;
  stornoOf?: number;
  seller: Party;
  buyer: Party;
  totals: Amounts;
}

export interface StoredInvoice extends InvoiceHeader, Omit<NewInvoice, 'totals' | keyof InvoiceHeader> {
  accountId: number;
  createdAt: string;
}

export interface InvoiceLineData {
  lineNo: number;
  name: string;
  description?: string;
  unit: string;
  /** Canonical decimal strings as sent (up to six decimals). */
  quantity: string;
  unitPrice: string;
  discount: string;
  vatRate: string;
  productId?: number;
  vtsz?: string;
  deposit: boolean;
  customFields?: CustomFields;
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
}

export interface RetentionData {
  name: string;
  amount: string;
  dueDate: string;
  note?: string;
  type: number;
  vat?: string;
}

/** Who issued it: the name of the session's user (migration 9); null for an owner session or older invoices. */
const CREATED_BY_NAME = '(SELECT u.name FROM users u WHERE u.id = invoices.created_by) AS created_by_name';

const HEADER_COLUMNS = `id, type, invoice_number, crdr, issued_date, payment_date, fulfillment_date, contact_id, contact_name, currency,
  net_minor, vat_minor, gross_minor, net_huf_minor, vat_huf_minor, gross_huf_minor, paid_minor, storno_of, cancelled_by, converted_to,
  ${CREATED_BY_NAME}`;

interface HeaderRow {
  id: number; type: InvoiceType; invoice_number: string; crdr: Crdr; issued_date: string; payment_date: string; fulfillment_date: string;
  contact_id: number; contact_name: string; currency: string; net_minor: number; vat_minor: number; gross_minor: number;
  net_huf_minor: number | null; vat_huf_minor: number | null; gross_huf_minor: number | null; paid_minor: number;
  storno_of: number | null; cancelled_by: number | null; converted_to: number | null; created_by_name: string | null;
}

interface FullRow extends HeaderRow {
  account_id: number; series: string; year: number; seq: number; method: string; selected_account: string; fx_rate: string | null;
  customer_vat_type: CustomerVatType; language: string; email: string | null; esignature: number; esignature_note: string | null;
  invoice_description: string | null; central_description: string | null; issuer_swift: string | null; issuer_email: string | null;
  issuer_phone: string | null; custom_fields: string | null; order_id: number | null; from_proforma_id: number | null;
  seller: string; buyer: string; created_at: string;
}

const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);
const money = (minor: number, currency: string) => fromMinorUnits(minor, currency);
const hufOrUndefined = (minor: number | null) => (minor === null ? undefined : fromMinorUnits(minor, 'HUF'));
const minorOrNull = (v: string | undefined) => (v === undefined ? null : toMinorUnits(v));
const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

const toHeader = (r: HeaderRow): InvoiceHeader => ({
  id: r.id,
  type: r.type,
  invoiceNumber: r.invoice_number,
  crdr: r.crdr,
  issuedDate: r.issued_date,
  paymentDate: r.payment_date,
  fulfillmentDate: r.fulfillment_date,
  contactId: r.contact_id,
  contactName: r.contact_name,
  currency: r.currency,
  totals: {
    net: money(r.net_minor, r.currency),
    vat: money(r.vat_minor, r.currency),
    gross: money(r.gross_minor, r.currency),
    netHuf: hufOrUndefined(r.net_huf_minor),
    vatHuf: hufOrUndefined(r.vat_huf_minor),
    grossHuf: hufOrUndefined(r.gross_huf_minor),
  },
  paid: money(r.paid_minor, r.currency),
  stornoOf: opt(r.storno_of),
  cancelledBy: opt(r.cancelled_by),
  convertedTo: opt(r.converted_to),
  createdBy: opt(r.created_by_name),
});

const toInvoice = (r: FullRow): StoredInvoice => ({
  ...toHeader(r),
  accountId: r.account_id,
  series: r.series,
  year: r.year,
  seq: r.seq,
  method: r.method,
  selectedAccount: r.selected_account,
  fxRate: opt(r.fx_rate),
  customerVatType: r.customer_vat_type,
  language: r.language,
  email: opt(r.email),
  esignature: r.esignature === 1,
  esignatureNote: opt(r.esignature_note),
  invoiceDescription: opt(r.invoice_description),
  centralDescription: opt(r.central_description),
  issuerSwift: opt(r.issuer_swift),
  issuerEmail: opt(r.issuer_email),
  issuerPhone: opt(r.issuer_phone),
  customFields: r.custom_fields === null ? undefined : (JSON.parse(r.custom_fields) as CustomFields),
  orderId: opt(r.order_id),
  fromProformaId: opt(r.from_proforma_id),
  seller: JSON.parse(r.seller) as Party,
  buyer: JSON.parse(r.buyer) as Party,
  createdAt: r.created_at,
});

export async function insertInvoice(sql: Sql, accountId: number, inv: NewInvoice, now: Date): Promise<number> {
  const t = inv.totals;
  const r = await sql.get<{ id: number }>(
    `INSERT INTO invoices (account_id, type, invoice_number, series, year, seq, crdr, method, issued_date, payment_date, fulfillment_date,
       selected_account, contact_id, contact_name, currency, fx_rate, customer_vat_type, language, email, esignature, esignature_note,
       invoice_description, central_description, issuer_swift, issuer_email, issuer_phone, custom_fields, order_id, from_proforma_id,
       storno_of, seller, buyer, net_minor, vat_minor, gross_minor, net_huf_minor, vat_huf_minor, gross_huf_minor, created_at, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [accountId, inv.type, inv.invoiceNumber, inv.series, inv.year, inv.seq, inv.crdr, inv.method, inv.issuedDate, inv.paymentDate,
    inv.fulfillmentDate, inv.selectedAccount, inv.contactId, inv.contactName, inv.currency, inv.fxRate ?? null, inv.customerVatType,
    inv.language, inv.email ?? null, inv.esignature ? 1 : 0, inv.esignatureNote ?? null, inv.invoiceDescription ?? null,
    inv.centralDescription ?? null, inv.issuerSwift ?? null, inv.issuerEmail ?? null, inv.issuerPhone ?? null, json(inv.customFields),
    inv.orderId ?? null, inv.fromProformaId ?? null, inv.stornoOf ?? null, JSON.stringify(inv.seller), JSON.stringify(inv.buyer),
    toMinorUnits(t.net), toMinorUnits(t.vat), toMinorUnits(t.gross), minorOrNull(t.netHuf), minorOrNull(t.vatHuf), minorOrNull(t.grossHuf),
    now.toISOString(), actorOf(sql)],
  );
  return r!.id;
}

const INSERT_LINE = `INSERT INTO invoice_lines (invoice_id, line_no, name, description, unit, quantity, unit_price, discount, vat_rate, product_id, vtsz,
      deposit, custom_fields, net_minor, vat_minor, gross_minor, net_huf_minor, vat_huf_minor)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export async function insertInvoiceLines(sql: Sql, invoiceId: number, lines: InvoiceLineData[]): Promise<void> {
  for (const l of lines) {
    await sql.run(INSERT_LINE, [
      invoiceId, l.lineNo, l.name, l.description ?? null, l.unit, l.quantity, l.unitPrice, l.discount, l.vatRate, l.productId ?? null,
      l.vtsz ?? null, l.deposit ? 1 : 0, json(l.customFields), toMinorUnits(l.net), toMinorUnits(l.vat), toMinorUnits(l.gross),
      minorOrNull(l.netHuf), minorOrNull(l.vatHuf),
    ]);
  }
}

export async function insertRetentions(sql: Sql, invoiceId: number, retentions: RetentionData[]): Promise<void> {
  for (const [i, r] of retentions.entries()) {
    await sql.run('INSERT INTO invoice_retentions (invoice_id, idx, name, amount_minor, due_date, note, type, vat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
      invoiceId, i + 1, r.name, toMinorUnits(r.amount), r.dueDate, r.note ?? null, r.type, r.vat ?? null,
    ]);
  }
}

const GET_INVOICE = `SELECT *, ${CREATED_BY_NAME} FROM invoices WHERE account_id = ? AND id = ?`;
const LOCK_INVOICE = perEngine((d) => `${GET_INVOICE}${d.forUpdateOf('invoices')}`);

/**
 * The invoice; `lock`: locked until commit and read as last committed (PostgreSQL's row lock; SQLite's
 * one writer), for a write whose check reads it: a payment, a storno, a conversion (docs/invariants.md).
 */
export async function getInvoice(sql: Sql, accountId: number, id: number, lock = false): Promise<StoredInvoice | undefined> {
  const r = await sql.get<FullRow>(lock ? LOCK_INVOICE[sql.engine] : GET_INVOICE, [accountId, id]);
  return r && toInvoice(r);
}

export async function getInvoiceNumber(sql: Sql, accountId: number, id: number): Promise<string | undefined> {
  const r = await sql.get<{ invoice_number: string }>('SELECT invoice_number FROM invoices WHERE account_id = ? AND id = ?', [accountId, id]);
  return r?.invoice_number;
}

interface LineRow {
  line_no: number; name: string; description: string | null; unit: string; quantity: string; unit_price: string; discount: string;
  vat_rate: string; product_id: number | null; vtsz: string | null; deposit: number; custom_fields: string | null; net_minor: number;
  vat_minor: number; gross_minor: number; net_huf_minor: number | null; vat_huf_minor: number | null;
}

export async function listInvoiceLines(sql: Sql, invoiceId: number, currency: string): Promise<InvoiceLineData[]> {
  const rows = await sql.all<LineRow>('SELECT * FROM invoice_lines WHERE invoice_id = ? ORDER BY line_no', [invoiceId]);
  return rows.map((r) => ({
    lineNo: r.line_no,
    name: r.name,
    description: opt(r.description),
    unit: r.unit,
    quantity: r.quantity,
    unitPrice: r.unit_price,
    discount: r.discount,
    vatRate: r.vat_rate,
    productId: opt(r.product_id),
    vtsz: opt(r.vtsz),
    deposit: r.deposit === 1,
    customFields: r.custom_fields === null ? undefined : (JSON.parse(r.custom_fields) as CustomFields),
    net: money(r.net_minor, currency),
    vat: money(r.vat_minor, currency),
    gross: money(r.gross_minor, currency),
    netHuf: hufOrUndefined(r.net_huf_minor),
    vatHuf: hufOrUndefined(r.vat_huf_minor),
  }));
}

export async function listRetentions(sql: Sql, invoiceId: number, currency: string): Promise<RetentionData[]> {
  const rows = await sql.all<{ name: string; amount_minor: number; due_date: string; note: string | null; type: number; vat: string | null }>(
    'SELECT * FROM invoice_retentions WHERE invoice_id = ? ORDER BY idx',
    [invoiceId],
  );
  return rows.map((r) => ({ name: r.name, amount: money(r.amount_minor, currency), dueDate: r.due_date, note: opt(r.note), type: r.type, vat: opt(r.vat) }));
}

export async function listInvoiceHeaders(sql: Sql, accountId: number, q: { from: string; to: string; contactId?: number }): Promise<InvoiceHeader[]> {
  const rows = await sql.all<HeaderRow>(
    `SELECT ${HEADER_COLUMNS} FROM invoices
     WHERE account_id = ? AND issued_date BETWEEN ? AND ? AND (${DIALECTS[sql.engine].nullParam} OR contact_id = ?)
     ORDER BY issued_date, id`,
    [accountId, q.from, q.to, q.contactId ?? null, q.contactId ?? null],
  );
  return rows.map(toHeader);
}

export async function markCancelled(sql: Sql, accountId: number, id: number, stornoId: number): Promise<void> {
  await sql.run('UPDATE invoices SET cancelled_by = ? WHERE account_id = ? AND id = ? AND cancelled_by IS NULL', [stornoId, accountId, id]);
}

export async function markConverted(sql: Sql, accountId: number, proformaId: number, invoiceId: number): Promise<void> {
  await sql.run('UPDATE invoices SET converted_to = ? WHERE account_id = ? AND id = ? AND converted_to IS NULL', [invoiceId, accountId, proformaId]);
}

/** Adds a payment (or a negative adjustment) to the running paid sum the balance is derived from. */
export async function addToPaid(sql: Sql, accountId: number, id: number, amount: string): Promise<void> {
  await sql.run('UPDATE invoices SET paid_minor = paid_minor + ? WHERE account_id = ? AND id = ?', [toMinorUnits(amount), accountId, id]);
}

/**
 * One open receivable (outgoing or advance invoice, not cancelled, money still owed). Amounts stay
 * in minor units: dues add up thousands of them, and integer sums are exact and cheap.
 */
export interface OpenReceivable {
  id: number;
  invoiceNumber: string;
  contactId: number;
  currency: string;
  issuedDate: string;
  paymentDate: string;
  grossMinor: number;
  balanceMinor: number;
}

const OPEN_RECEIVABLE = "type = 'invoice' AND cancelled_by IS NULL AND crdr IN ('outgoing', 'advance out') AND paid_minor < gross_minor";

/** An open receivable as SQLite hands it over; getDueCustomers builds its answer straight from these. */
export type ReceivableTuple = [id: number, invoiceNumber: string, contactId: number, currency: string, issuedDate: string, paymentDate: string, grossMinor: number, balanceMinor: number];

/** contact, currency, due date, id: the order of invoices_open_receivables after account_id. */
function compareReceivables(a: ReceivableTuple, b: ReceivableTuple): number {
  return a[2] - b[2] || (a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : 0) || (a[5] < b[5] ? -1 : a[5] > b[5] ? 1 : 0) || a[0] - b[0];
}

/**
 * Open receivables, by contact, currency and due date. The WHERE clause repeats the partial index
 * invoices_open_receivables word for word, which is what lets SQLite use it, and reads only
 * columns the index holds: the answer may run to tens of thousands of rows.
 *
 * SQLite hands them over as one JSON array of row tuples rather than row by row: stepping
 * 30,000 rows into JavaScript values cost ~95 ms of CPU per call (≈3 µs a row, mostly
 * better-sqlite3's per-row and per-value work), while json_group_array builds the same data in C in
 * ~18 ms and JSON.parse reads it back in ~25. Integers (ids, minor units) stay exact in JSON.
 * The aggregate gets the rows in index order, which is the order wanted; an ORDER BY inside the
 * aggregate would make SQLite sort them again (+20–40 ms), so the order is checked here in one pass
 * instead and sorted only if SQLite ever delivers it differently.
 */
const OPEN_TUPLES = {
  sqlite: `SELECT json_group_array(json_array(id, invoice_number, contact_id, currency, issued_date, payment_date, gross_minor, gross_minor - paid_minor)) AS rows
    FROM invoices INDEXED BY invoices_open_receivables
    WHERE account_id = ? AND (? IS NULL OR contact_id = ?) AND ${OPEN_RECEIVABLE}`,
  // PostgreSQL: json_agg (NULL over no rows), read as text; its planner picks the partial index itself.
  postgres: `SELECT COALESCE(json_agg(json_build_array(id, invoice_number, contact_id, currency, issued_date, payment_date, gross_minor, gross_minor - paid_minor)
      ORDER BY contact_id, currency, payment_date, id)::text, '[]') AS rows
    FROM invoices
    WHERE account_id = ? AND (?::bigint IS NULL OR contact_id = ?) AND ${OPEN_RECEIVABLE}`,
};

export async function openReceivableTuples(sql: Sql, accountId: number, contactId?: number): Promise<ReceivableTuple[]> {
  const row = await sql.get<{ rows: string }>(OPEN_TUPLES[sql.engine], [accountId, contactId ?? null, contactId ?? null]);
  const tuples = JSON.parse(row!.rows) as ReceivableTuple[];
  if (tuples.some((t, i) => i > 0 && compareReceivables(tuples[i - 1]!, t) > 0)) tuples.sort(compareReceivables);
  return tuples;
}

/** The same, as objects: for one contact's reminder, where a few rows are read. */
export async function listOpenReceivables(sql: Sql, accountId: number, contactId?: number): Promise<OpenReceivable[]> {
  return (await openReceivableTuples(sql, accountId, contactId)).map(([id, invoiceNumber, cId, currency, issuedDate, paymentDate, grossMinor, balanceMinor]) => ({
    id, invoiceNumber, contactId: cId, currency, issuedDate, paymentDate, grossMinor, balanceMinor,
  }));
}

/** The bank accounts named on a contact's receivables overdue before `today`, most used first. */
export async function overdueBankAccounts(sql: Sql, accountId: number, contactId: number, today: string): Promise<string[]> {
  const rows = await sql.all<{ selected_account: string }>(
    `SELECT selected_account FROM invoices WHERE account_id = ? AND contact_id = ? AND payment_date < ? AND ${OPEN_RECEIVABLE}
     GROUP BY selected_account ORDER BY count(*) DESC, selected_account`,
    [accountId, contactId, today],
  );
  return rows.map((r) => r.selected_account);
}

/** For an invoice whose lines are known only after it has an id (issued from an order). */
export async function setInvoiceTotals(sql: Sql, accountId: number, id: number, t: Amounts): Promise<void> {
  await sql.run(
    `UPDATE invoices SET net_minor = ?, vat_minor = ?, gross_minor = ?, net_huf_minor = ?, vat_huf_minor = ?, gross_huf_minor = ?
     WHERE account_id = ? AND id = ?`,
    [toMinorUnits(t.net), toMinorUnits(t.vat), toMinorUnits(t.gross), minorOrNull(t.netHuf), minorOrNull(t.vatHuf), minorOrNull(t.grossHuf), accountId, id],
  );
}

export async function countInvoices(sql: Sql, accountId: number): Promise<number> {
  return (await sql.get<{ n: number }>('SELECT count(*) AS n FROM invoices WHERE account_id = ?', [accountId]))!.n;
}
