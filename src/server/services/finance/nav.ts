/**
 * generateInvoice: the Online Számla 3.0 invoice data of a tax invoice or storno, built from the
 * same InvoiceDocument as the PDF and recorded as a submission. Nothing is sent: this server has no
 * route to NAV and no technical-user credentials (docs/nav.md), so the record says so plainly.
 */
import { randomBytes } from 'node:crypto';
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { buildInvoiceDataXml, NavInvoiceDataError } from '../../nav';
import { insertNavSubmission } from '../../repos/navSubmissions';
import { invoiceDocument } from './documents';
import { findInvoice } from './invoices';
import { partnerIsSeller } from './parties';

export const NOT_SENT_MESSAGE =
  'Not sent: this server has no connection to the NAV Online Számla service. The invoice data is stored here and must be reported ' +
  'without delay. To report from Stockdesk an operator must register a technical user in the Online Számla portal (login, password, ' +
  'XML signature key, exchange key) and the software id, and a submitting client must be installed; see docs/nav.md. Until then, ' +
  'report the invoice through the Online Számla web portal.';

/** NAV's requestId: [+a-zA-Z0-9_]{1,30}, unique per taxpayer. */
function navRequestId(invoiceId: number, now: Date): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `SD${invoiceId}_${stamp}_${randomBytes(3).toString('hex')}`.slice(0, 30);
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
    let xml: string;
    try {
      xml = buildInvoiceDataXml(await invoiceDocument(db, accountId, inv, 'hu_HU'), { softwareName: `Stockdesk ${ctx.config.version}` });
    } catch (e) {
      if (!(e instanceof NavInvoiceDataError)) throw e;
      throw conflict(`${inv.invoiceNumber} cannot be reported as stored: ${e.message}. Correct the data (a storno and a new invoice for the invoice itself).`, [
        { field: 'invoice_id', message: e.message },
      ], reason('not_reportable', { invoice_id: inv.id, invoice_number: inv.invoiceNumber, state: 'invalid' }));
    }
    const requestId = navRequestId(inv.id, now);
    const submissionId = await insertNavSubmission(db, accountId, { invoiceId: inv.id, navRequestId: requestId, status: 'not_sent', message: NOT_SENT_MESSAGE, invoiceData: xml }, now);
    return {
      invoice_id: inv.id,
      submission_id: submissionId,
      nav_request_id: requestId,
      status: 'not_sent',
      message: NOT_SENT_MESSAGE,
      invoice_data: Buffer.from(xml, 'utf8').toString('base64'),
    };
  });
}
