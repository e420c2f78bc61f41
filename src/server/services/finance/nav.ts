/**
 * generateInvoice: the Online Számla 3.0 invoice data of a tax invoice or storno, built from the
 * same InvoiceDocument as the PDF, recorded and queued for the submission worker (navWorker.ts).
 * It answers at once with the submission's state; called again it answers the current state and
 * queues nothing more (one report per invoice: nav_submissions_once). annulInvoice queues a
 * technical annulment of data already at NAV.
 */
import { randomBytes } from 'node:crypto';
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { buildInvoiceDataXml, NavInvoiceDataError } from '../../nav';
import { getNavConnection } from '../../repos/navConnections';
import { getInvoiceData, insertNavSubmission, listNavSubmissions, type NavSubmission } from '../../repos/navSubmissions';
import { invoiceDocument } from './documents';
import { findInvoice } from './invoices';
import { annulmentOut, messagesOut, stateMessage } from './navStates';
import { partnerIsSeller } from './parties';

/** NAV's requestId: [+a-zA-Z0-9_]{1,30}, unique per taxpayer. */
export function navRequestId(prefix: string, id: number, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${id}_${stamp}_${randomBytes(3).toString('hex')}`.slice(0, 30);
}

/** The invoice's current report: the latest that is not an annulment nor a superseded pre-queue copy. */
export function currentReport(all: readonly NavSubmission[]): NavSubmission | undefined {
  return all.filter((s) => s.operation !== 'ANNUL' && s.status !== 'not_sent').at(-1);
}

/** A confirmed annulment after the current report ends its round: the invoice may be reported again. */
function annulledAfter(all: readonly NavSubmission[], report: NavSubmission): boolean {
  return all.some((s) => s.operation === 'ANNUL' && s.id > report.id && s.status === 'done');
}

async function answer(tx: Sql, s: NavSubmission): Promise<Result<'generateInvoice'>> {
  return {
    invoice_id: s.invoiceId,
    submission_id: s.id,
    nav_request_id: s.navRequestId,
    status: s.status as Result<'generateInvoice'>['status'],
    message: stateMessage(s),
    invoice_data: Buffer.from(await getInvoiceData(tx, s.id), 'utf8').toString('base64'),
    operation: s.operation as 'CREATE' | 'MODIFY' | 'STORNO',
    transaction_id: s.transactionId,
    messages: messagesOut(s),
  };
}

export function generateNavInvoiceData(ctx: RequestContext, p: Params<'generateInvoice'>): Promise<Result<'generateInvoice'>> {
  const { accountId } = ctx;
  const now = ctx.clock.now();
  return ctx.commit(async (db) => {
    const inv = await findInvoice(db, accountId, p.invoice_id);
    if (inv.type === 'proforma') {
      throw conflict(`${inv.invoiceNumber} is a proforma: it is not a tax invoice and is not reported to NAV. Report the tax invoice issued from it.`, [
        { field: 'invoice_id', message: 'is a proforma' },
      ], reason('not_reportable', { invoice_id: inv.id, invoice_number: inv.invoiceNumber, state: 'proforma' }));
    }
    if (partnerIsSeller(inv.crdr)) {
      throw conflict(`${inv.invoiceNumber} is an invoice we received (crdr ${inv.crdr}); its issuer reports it to NAV, not us.`, [
        { field: 'invoice_id', message: 'is a received invoice' },
      ], reason('not_reportable', { invoice_id: inv.id, invoice_number: inv.invoiceNumber, state: 'received' }));
    }
    const before = await listNavSubmissions(db, accountId, inv.id);
    const current = currentReport(before);
    if (current && !annulledAfter(before, current)) return answer(db, current);
    let xml: string;
    try {
      xml = buildInvoiceDataXml(await invoiceDocument(db, accountId, inv, 'hu_HU'), { softwareName: `Stockdesk ${ctx.config.version}` });
    } catch (e) {
      if (!(e instanceof NavInvoiceDataError)) throw e;
      throw conflict(`${inv.invoiceNumber} cannot be reported as stored: ${e.message}. Correct the data (a storno and a new invoice for the invoice itself).`, [
        { field: 'invoice_id', message: e.message },
      ], reason('not_reportable', { invoice_id: inv.id, invoice_number: inv.invoiceNumber, state: 'invalid' }));
    }
    const configured = (await getNavConnection(db, accountId)) !== undefined;
    const round = current ? current.round + 1 : 0;
    const status = configured ? 'waiting' : 'not_configured';
    await insertNavSubmission(db, accountId, {
      invoiceId: inv.id, navRequestId: navRequestId('SD', inv.id, now), operation: inv.type === 'storno' ? 'STORNO' : 'CREATE',
      invoiceNumber: inv.invoiceNumber, status, message: '', invoiceData: xml, nextAttemptMs: configured ? now.getTime() : undefined, round,
    }, now);
    // Ours, or a twin request's that inserted first.
    const made = currentReport(await listNavSubmissions(db, accountId, inv.id))!;
    if (configured) ctx.services.kickNav?.();
    return answer(db, made);
  });
}

export function annulInvoice(ctx: RequestContext, p: Params<'annulInvoice'>): Promise<Result<'annulInvoice'>> {
  return ctx.commit(async (db) => queueAnnulment(db, ctx.accountId, p.invoice_id, p.code, p.reason, ctx.clock.now(), () => ctx.services.kickNav?.()));
}

/** Queues a technical annulment of the invoice's data at NAV (also `admin nav annul`). */
export async function queueAnnulment(
  db: Sql, accountId: number, invoiceId: number, code: Params<'annulInvoice'>['code'], why: string, now: Date, kick: () => void,
): Promise<Result<'annulInvoice'>> {
  const inv = await findInvoice(db, accountId, invoiceId);
  const all = await listNavSubmissions(db, accountId, inv.id);
  const report = currentReport(all);
  if (!report || !['done', 'sent', 'received', 'processing'].includes(report.status)) {
    throw conflict(`${inv.invoiceNumber}'s data has not reached NAV${report ? ` (its submission is ${report.status})` : ''}: only data NAV holds can be annulled.`, [
      { field: 'invoice_id', message: 'has no data at NAV' },
    ], reason('not_reportable', { invoice_id: inv.id, invoice_number: inv.invoiceNumber, state: report?.status ?? 'not_submitted' }));
  }
  const open = all.find((s) => s.operation === 'ANNUL' && s.id > report.id && !['aborted', 'credentials_refused', 'taxpayer_mismatch', 'not_configured'].includes(s.status));
  if (open) return { invoice_id: inv.id, ...annulmentOut(open) };
  const configured = (await getNavConnection(db, accountId)) !== undefined;
  const id = (await insertNavSubmission(db, accountId, {
    invoiceId: inv.id, navRequestId: navRequestId('SA', inv.id, now), operation: 'ANNUL', invoiceNumber: inv.invoiceNumber,
    status: configured ? 'waiting' : 'not_configured', message: '', invoiceData: '', nextAttemptMs: configured ? now.getTime() : undefined,
    annulCode: code, annulReason: why, round: report.round,
  }, now))!;
  if (configured) kick();
  const made = (await listNavSubmissions(db, accountId, inv.id)).find((s) => s.id === id)!;
  return { invoice_id: inv.id, ...annulmentOut(made) };
}
