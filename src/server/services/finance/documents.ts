/**
 * Storage → InvoiceDocument, the one view model both the PDF and the NAV invoice data are made
 * from, and generateInvoicePDF, which renders it and keeps the PDF as an attachment of the invoice.
 */
import { createHash } from 'node:crypto';
import { invalid, notFound, reason, type Locale, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { renderInvoicePdf } from '@documents/index';
import type { InvoiceDocument, InvoiceLine } from '@documents/model';
import { zeroVatCases } from '../../nav';
import { getAttachment, insertAttachment, listAttachments } from '../../repos/attachments';
import { getInvoice, listInvoiceLines, listRetentions, type StoredInvoice } from '../../repos/invoices';
import { findInvoice, vatSummary } from './invoices';
import { partnerIsSeller } from './parties';

/** Notes printed at the foot of the invoice, in its language. */
const NOTES: Record<Locale, { receivedCopy: string; unsigned: string }> = {
  hu_HU: {
    receivedCopy: 'Beérkezett számla nyilvántartási példánya; a számla eredetije a szállítónál kiállított példány.',
    unsigned: 'Elektronikus aláírás nélkül kiállítva.',
  },
  en_US: {
    receivedCopy: "Register copy of a received invoice; the legal invoice is the supplier's original.",
    unsigned: 'Issued without an electronic signature.',
  },
  de_DE: {
    receivedCopy: 'Registerkopie einer erhaltenen Rechnung; maßgeblich ist das Original des Lieferanten.',
    unsigned: 'Ohne elektronische Signatur ausgestellt.',
  },
  pl_PL: {
    receivedCopy: 'Kopia ewidencyjna otrzymanej faktury; wiążący jest oryginał dostawcy.',
    unsigned: 'Wystawiono bez podpisu elektronicznego.',
  },
  es_ES: {
    receivedCopy: 'Copia de registro de una factura recibida; la factura válida es el original del proveedor.',
    unsigned: 'Emitida sin firma electrónica.',
  },
};

export async function invoiceDocument(db: Sql, accountId: number, inv: StoredInvoice, language: Locale = inv.language as Locale): Promise<InvoiceDocument> {
  const lines = await listInvoiceLines(db, inv.id, inv.currency);
  const original = inv.stornoOf !== undefined ? await getInvoice(db, accountId, inv.stornoOf) : undefined;
  const notes = [
    ...(partnerIsSeller(inv.crdr) ? [NOTES[language].receivedCopy] : []),
    ...(inv.esignature ? [NOTES[language].unsigned] : []),
  ];
  const doc: InvoiceDocument = {
    invoiceId: inv.id,
    invoiceNumber: inv.invoiceNumber,
    kind: inv.type,
    crdr: inv.crdr,
    original: original && { invoiceNumber: original.invoiceNumber, issuedDate: original.issuedDate },
    // An invoice is cancelled once and never modified otherwise, so a storno is always the first modification.
    modificationIndex: original ? 1 : undefined,
    issuedDate: inv.issuedDate,
    fulfillmentDate: inv.fulfillmentDate,
    paymentDate: inv.paymentDate,
    paymentMethod: inv.method,
    currency: inv.currency as InvoiceDocument['currency'],
    fxRate: inv.fxRate,
    language,
    customerVatType: inv.customerVatType,
    seller: inv.seller,
    buyer: inv.buyer,
    description: inv.invoiceDescription,
    centralDescription: inv.centralDescription,
    lines: lines.map(
      (l): InvoiceLine => ({
        lineNo: l.lineNo, name: l.name, description: l.description, productId: l.productId, vtsz: l.vtsz, unit: l.unit, quantity: l.quantity,
        unitPrice: l.unitPrice, discountPercent: l.discount, vatRate: l.vatRate, net: l.net, vat: l.vat, gross: l.gross, netHuf: l.netHuf,
        vatHuf: l.vatHuf, deposit: l.deposit,
      }),
    ),
    vatSummary: vatSummary(lines, inv.currency),
    totals: inv.totals,
    retentions: (await listRetentions(db, inv.id, inv.currency)).map((r) => ({ name: r.name, amount: r.amount, dueDate: r.dueDate, note: r.note ?? '', type: r.type, vat: r.vat ?? '0' })),
    notes: notes.length ? notes : undefined,
  };
  // Every 0% line carries its legal ground, so the PDF prints and NAV reports the same decision.
  const cases = zeroVatCases(doc);
  for (const line of doc.lines) {
    const vatCase = cases.get(line.lineNo);
    if (vatCase !== undefined) line.vatCase = vatCase;
  }
  return doc;
}

export const pdfFilename = (invoiceNumber: string, language: string) => `${invoiceNumber}_${language}.pdf`;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Keeps a rendered PDF as an attachment of the invoice. Rendering is deterministic, so asking for
 * the same PDF again finds the stored copy instead of piling up duplicates. Call inside a commit.
 */
export async function storeInvoicePdf(db: Sql, accountId: number, invoiceId: number, filename: string, pdf: Buffer, now: Date): Promise<number> {
  const hash = sha256(pdf);
  for (const a of await listAttachments(db, accountId, 'invoice', invoiceId)) {
    if (a.filename === filename && a.size === pdf.length && sha256((await getAttachment(db, accountId, a.id))!.content) === hash) return a.id;
  }
  return await insertAttachment(db, accountId, { ownerType: 'invoice', ownerId: invoiceId, kind: 'invoice_pdf', filename, mimeType: 'application/pdf', content: pdf }, now);
}

/** Renders the stored invoice; the proforma flag may only confirm what the invoice is, never change it. */
export async function renderStoredInvoice(db: Sql, accountId: number, inv: StoredInvoice, language?: Locale): Promise<{ filename: string; pdf: Buffer }> {
  const doc = await invoiceDocument(db, accountId, inv, language);
  return { filename: pdfFilename(inv.invoiceNumber, doc.language), pdf: await renderInvoicePdf(doc) };
}

export async function generateInvoicePdf(ctx: RequestContext, p: Params<'generateInvoicePDF'>): Promise<Result<'generateInvoicePDF'>> {
  const { db, accountId } = ctx;
  const inv = await findInvoice(db, accountId, p.invoice_id);
  if (p.proforma === 1 && inv.type !== 'proforma') {
    throw invalid(
      `generateInvoicePDF: proforma 1 renders proforma invoices only, and ${inv.invoiceNumber} is a ${inv.type === 'storno' ? 'storno' : 'tax'} invoice; omit proforma. To issue a proforma, use setInvoice with proforma 1.`,
      [{ field: 'proforma', message: `invoice ${inv.id} is not a proforma` }],
    );
  }
  const { filename, pdf } = await renderStoredInvoice(db, accountId, inv, p.language);
  const attachmentId = await ctx.commit((tx) => storeInvoicePdf(tx, accountId, inv.id, filename, pdf, ctx.clock.now()));
  return { invoice_id: inv.id, filename, pdf: pdf.toString('base64'), attachment_id: attachmentId };
}

export async function readAttachment(ctx: RequestContext, p: Params<'getAttachment'>): Promise<Result<'getAttachment'>> {
  const a = await getAttachment(ctx.db, ctx.accountId, p.attachment_id);
  if (!a) {
    throw notFound(`Attachment ${p.attachment_id} does not exist in your account.`, [{ field: 'attachment_id', message: 'no attachment with this id in your account' }], reason('unknown_record', { kind: 'attachment', id: String(p.attachment_id), field: 'attachment_id' }));
  }
  return { attachment_id: a.id, filename: a.filename, mime_type: a.mimeType, size: a.size, content: a.content.toString('base64') };
}
