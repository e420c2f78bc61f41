/** Reading invoices: the header list (getInvoices) and the whole record (getInvoice). */
import { sumMoney, toNumber } from '@shared/money';
import type { NavStatus } from '@shared/protocol/schemas/nav';
import { notFound, reason, type InvoiceHeader as HeaderOut, type InvoiceRecord, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import type { Party } from '@documents/model';
import { listAttachments } from '../../repos/attachments';
import {
  getInvoice, listInvoiceHeaders, listInvoiceLines, listRetentions, type Amounts, type InvoiceHeader, type InvoiceLineData, type StoredInvoice,
} from '../../repos/invoices';
import { getMailForInvoice } from '../../repos/mailQueue';
import { listNavSubmissions, navStatusesBetween } from '../../repos/navSubmissions';
import { navStateOut, stateMessage } from './navStates';
import { listPayments } from '../../repos/payments';
import { businessDate } from './calendar';
import { balanceOf, statusOf } from './status';

const n = toNumber;
const optN = (s: string | undefined) => (s === undefined ? undefined : toNumber(s));

export function totalsOut(a: Amounts) {
  return { net: n(a.net), vat: n(a.vat), gross: n(a.gross), net_huf: optN(a.netHuf), vat_huf: optN(a.vatHuf), gross_huf: optN(a.grossHuf) };
}

export function partyOut(p: Party): InvoiceRecord['seller'] {
  return {
    name: p.name, country_code: p.address.countryCode, postal_code: p.address.postalCode, city: p.address.city, street: p.address.street,
    tax_number: p.taxNumber, eu_vat_number: p.euVatNumber, bank_account: p.bankAccount, email: p.email,
  };
}

export function headerOut(h: InvoiceHeader, today: string): HeaderOut {
  return {
    id: h.id,
    invoice_number: h.invoiceNumber,
    type: h.type,
    crdr: h.crdr,
    status: statusOf(h, today),
    contact_id: h.contactId,
    contact_name: h.contactName,
    currency: h.currency,
    issued_date: h.issuedDate,
    fulfillment_date: h.fulfillmentDate,
    payment_date: h.paymentDate,
    net: n(h.totals.net),
    vat: n(h.totals.vat),
    total: n(h.totals.gross),
    balance: n(balanceOf(h)),
    storno_of: h.stornoOf,
    cancelled_by: h.cancelledBy,
    created_by: h.createdBy,
  };
}

export interface RateRow {
  vatRate: string;
  net: string;
  vat: string;
  gross: string;
  netHuf?: string;
  vatHuf?: string;
}

/** The VAT summary of stored lines: per rate, highest first, each figure the sum of the printed line figures. */
export function vatSummary(lines: InvoiceLineData[], currency: string): RateRow[] {
  const byRate = new Map<string, InvoiceLineData[]>();
  for (const l of lines) byRate.set(l.vatRate, [...(byRate.get(l.vatRate) ?? []), l]);
  return [...byRate.entries()]
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([vatRate, ls]) => {
      const huf = ls.every((l) => l.netHuf !== undefined && l.vatHuf !== undefined);
      return {
        vatRate,
        net: sumMoney(ls.map((l) => l.net), currency),
        vat: sumMoney(ls.map((l) => l.vat), currency),
        gross: sumMoney(ls.map((l) => l.gross), currency),
        netHuf: huf ? sumMoney(ls.map((l) => l.netHuf!), 'HUF') : undefined,
        vatHuf: huf ? sumMoney(ls.map((l) => l.vatHuf!), 'HUF') : undefined,
      };
    });
}

/** `lock`: the invoice is locked until commit (repos/invoices.ts getInvoice), for a write whose check reads it. */
export async function findInvoice(db: Sql, accountId: number, id: number, field = 'invoice_id', lock = false): Promise<StoredInvoice> {
  const inv = await getInvoice(db, accountId, id, lock);
  if (!inv) throw notFound(`Invoice ${id} does not exist in your account.`, [{ field, message: 'no invoice with this id in your account' }], reason('unknown_record', { kind: 'invoice', id: String(id), field: field }));
  return inv;
}

export async function listInvoices(ctx: RequestContext, p: Params<'getInvoices'>): Promise<Result<'getInvoices'>> {
  const today = businessDate(ctx.clock.now(), ctx.timeZone);
  const nav = await navStatusesBetween(ctx.db, ctx.accountId, p.date_from, p.date_to);
  const headers = (await listInvoiceHeaders(ctx.db, ctx.accountId, { from: p.date_from, to: p.date_to, contactId: p.contact_id })).map((h) => {
    const state = nav.get(h.id);
    return { ...headerOut(h, today), ...(state ? { nav_status: state.status as NavStatus, ...(state.annulment ? { nav_annulment_status: state.annulment as NavStatus } : {}) } : {}) };
  });
  return { invoices: p.status === undefined ? headers : headers.filter((h) => h.status === p.status) };
}

export async function invoiceRecord(ctx: RequestContext, id: number): Promise<InvoiceRecord> {
  const { db, accountId } = ctx;
  const inv = await findInvoice(db, accountId, id);
  const lines = await listInvoiceLines(db, inv.id, inv.currency);
  const mail = await getMailForInvoice(db, accountId, inv.id);
  const submissions = await listNavSubmissions(db, accountId, inv.id);
  const nav = navStateOut(submissions);
  return {
    ...headerOut(inv, businessDate(ctx.clock.now(), ctx.timeZone)),
    method: inv.method,
    selected_account: inv.selectedAccount,
    customer_vat_type: inv.customerVatType,
    fx_rate: optN(inv.fxRate),
    language: inv.language,
    email: inv.email,
    invoice_description: inv.invoiceDescription,
    central_description: inv.centralDescription,
    issuer_swift: inv.issuerSwift,
    issuer_email: inv.issuerEmail,
    issuer_phone: inv.issuerPhone,
    custom_fields: inv.customFields,
    order_id: inv.orderId,
    from_proforma_id: inv.fromProformaId,
    seller: partyOut(inv.seller),
    buyer: partyOut(inv.buyer),
    items: lines.map((l) => ({
      line_no: l.lineNo,
      name: l.name,
      unit_price: n(l.unitPrice),
      unit: l.unit,
      quantity: n(l.quantity),
      vat: n(l.vatRate),
      discount: n(l.discount),
      description: l.description,
      product_id: l.productId,
      vtsz_number: l.vtsz,
      deposit: l.deposit ? 1 : 0,
      custom_fields: l.customFields,
      net: n(l.net),
      vat_amount: n(l.vat),
      gross: n(l.gross),
      net_huf: optN(l.netHuf),
      vat_huf: optN(l.vatHuf),
    })),
    retentions: (await listRetentions(db, inv.id, inv.currency)).map((r) => ({ name: r.name, amount: n(r.amount), due_date: r.dueDate, note: r.note, type: r.type, vat: optN(r.vat) })),
    totals: totalsOut(inv.totals),
    vat_summary: vatSummary(lines, inv.currency).map((r) => ({
      vat_rate: n(r.vatRate), net: n(r.net), vat: n(r.vat), gross: n(r.gross), net_huf: optN(r.netHuf), vat_huf: optN(r.vatHuf),
    })),
    payments: (await listPayments(db, accountId, inv.id, inv.currency)).map((p) => ({ payment_id: p.id, amount: n(p.amount), date: p.date, note: p.note, created_by: p.createdBy })),
    attachments: (await listAttachments(db, accountId, 'invoice', inv.id)).map((a) => ({ attachment_id: a.id, filename: a.filename, mime_type: a.mimeType, size: a.size })),
    email_status: mail
      ? { status: mail.status, to: mail.to, attempts: mail.attempts, last_error: mail.lastError, sent_at: mail.sentAt }
      : { status: 'not_requested', attempts: 0 },
    esignature: { requested: inv.esignature ? 1 : 0, applied: 0, note: inv.esignatureNote },
    nav_submissions: submissions.map((s) => ({
      submission_id: s.id, request_id: s.navRequestId, status: s.status, message: s.message || stateMessage(s), created_at: s.createdAt,
      operation: s.operation, transaction_id: s.transactionId,
    })),
    ...(nav ? { nav, nav_status: nav.status, ...(nav.annulment ? { nav_annulment_status: nav.annulment.status } : {}) } : {}),
  };
}
