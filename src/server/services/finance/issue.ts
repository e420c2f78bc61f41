/**
 * setInvoice: checks, numbers and stores an invoice, proforma or storno, all in one transaction
 * (ctx.commit): the number, the lines, the storno/conversion links, the shipped order and the
 * queued e-mail are written together or not at all. The mail itself goes out after the commit.
 */
import { compareMoney, roundMoney, sumMoney } from '@shared/money';
import { invalid, type ErrorDetail, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import type { Sql } from '../../db/sql';
import { listCustomFieldDefs } from '../../repos/customFields';
import {
  insertInvoice, insertInvoiceLines, insertRetentions, markCancelled, markConverted, setInvoiceTotals, type InvoiceHeader, type InvoiceType,
  type NewInvoice,
} from '../../repos/invoices';
import { enqueueMail } from '../../repos/mailQueue';
import { getOrder } from '../../repos/orders';
import { reverseInvoiceShipment, type StornoReversal } from '../product/orderReversal';
import { shipOrderForInvoice } from '../product/orders';
import { businessDate } from './calendar';
import { checkCombination, checkHeader, checkRetentions, defaultLanguage, throwIfInvalid, type CheckedHeader } from './header';
import { totalsOut } from './invoices';
import { checkLines, dec, priceLines, requestLines, vatRefusal, type LineRequest, type PricedLines } from './lines';
import { NO_SMTP_REASON } from './mailWorker';
import { assignNumber, seriesFor } from './numbering';
import { accountParty, contactParty, invoiceParties } from './parties';
import { statusOf } from './status';
import { proformaSource, stornoSource } from './storno';

type SetInvoiceParams = Params<'setInvoice'>;

const ZERO = { net: '0', vat: '0', gross: '0' };

function checkAmounts(priced: PricedLines, type: InvoiceType, retentionTotal: string): void {
  if (type !== 'storno' && compareMoney(priced.totals.gross, '0') < 0) {
    throw invalid(
      `setInvoice: the invoice total is ${priced.totals.gross}. An invoice cannot be negative; to correct an invoice, cancel it with storno_id and issue a new one.`,
      [{ field: 'items', message: 'add up to a negative total' }],
    );
  }
  if (type !== 'storno' && compareMoney(retentionTotal, priced.totals.gross) > 0) {
    throw invalid(`setInvoice: the retentions (${retentionTotal}) exceed the invoice total ${priced.totals.gross}.`, [{ field: 'retentions', message: 'exceed the invoice total' }]);
  }
}

/** Lines of an order being invoiced; items sent alongside must be exactly these lines. */
async function orderLines(db: Sql, accountId: number, p: SetInvoiceParams, invoiceId: number, now: Date, day: string): Promise<LineRequest[]> {
  const shipped = (await shipOrderForInvoice(db, accountId, p.order_id!, invoiceId, now, day)).items.map((it): LineRequest => ({
    name: it.name, unit: it.unit, quantity: dec(it.quantity), unitPrice: it.unitPrice, discount: it.discount, vatRate: it.vat, productId: it.productId, deposit: false,
  }));
  if (!p.items) return shipped;
  // Sent items may name and describe the lines their own way, but must bill exactly what ships.
  const sent = requestLines(p.items);
  const sameLine = (s: LineRequest, o: LineRequest) =>
    s.productId === o.productId && [s.quantity, s.unitPrice, s.discount, s.vatRate].every((v, k) => compareMoney(v, [o.quantity, o.unitPrice, o.discount, o.vatRate][k]!) === 0);
  if (sent.length !== shipped.length || !sent.every((s, i) => sameLine(s, shipped[i]!))) {
    throw invalid(`setInvoice: items must be omitted with order_id, or be exactly the order's ${shipped.length} line(s) (product, quantity, price, discount, VAT); change the order instead.`, [
      { field: 'items', message: "do not match the order's lines" },
    ]);
  }
  return sent;
}

async function checkOrderHeader(db: Sql, accountId: number, p: SetInvoiceParams, details: ErrorDetail[]): Promise<void> {
  const order = await getOrder(db, accountId, p.order_id!);
  if (!order) return; // shipOrderForInvoice answers NOT_FOUND with its own message
  if (order.contactId !== p.contact_id) details.push({ field: 'contact_id', message: `must be the order's contact (${order.contactId}); got ${p.contact_id}` });
  if (order.currency !== p.currency) details.push({ field: 'currency', message: `must be the order's currency (${order.currency}); got ${p.currency}` });
}

function newInvoice(p: SetInvoiceParams, h: CheckedHeader, type: InvoiceType, fxRate: string | undefined, language: string, parties: { seller: NewInvoice['seller']; buyer: NewInvoice['buyer'] }): Omit<NewInvoice, 'invoiceNumber' | 'series' | 'year' | 'seq' | 'totals'> {
  return {
    type, crdr: p.crdr, method: p.method, issuedDate: p.issued_date, paymentDate: p.payment_date, fulfillmentDate: p.fulfillment_date,
    selectedAccount: h.bank.number, contactId: h.contact.id, contactName: h.contact.name, currency: p.currency, fxRate,
    customerVatType: p.customer_vat_type, language, email: p.email, esignature: p.esignature === 1, esignatureNote: h.esignatureNote,
    invoiceDescription: p.invoice_description || undefined, centralDescription: p.central_description || undefined,
    issuerSwift: p.issuer_swift || undefined, issuerEmail: p.issuer_email || undefined, issuerPhone: p.issuer_phone || undefined,
    customFields: h.customFields, orderId: p.order_id, fromProformaId: p.from_proforma_id, stornoOf: p.storno_id, ...parties,
  };
}

/** Tells the clerk what the storno undid in stock and orders (docs/api-finance.md, Storno). */
function reversalNotes(original: string | undefined, r: StornoReversal): string[] {
  const notes: string[] = [];
  if (r.returnReceiptId !== undefined) notes.push(`The stock delivered with ${original} was returned to the warehouse (receipt ${r.returnReceiptId}).`);
  if (r.reopenedOrderId !== undefined) notes.push(`Order ${r.reopenedOrderId} is open again and can be corrected and invoiced anew.`);
  return notes;
}

export async function issueInvoice(ctx: RequestContext, p: SetInvoiceParams): Promise<Result<'setInvoice'>> {
  const { accountId, config } = ctx;
  const result = await ctx.commit(async (db) => {
    // Read inside the transaction: shipping and storno stamp stock changes, and a stamp must not be
    // older than the transaction's announcement (repos/changeCursor.ts).
    const now = ctx.clock.now();
    const today = businessDate(now, ctx.timeZone);
    checkCombination(p);
    const details: ErrorDetail[] = [];
    const h = await checkHeader(db, accountId, config, p, today, details);
    const type: InvoiceType = p.storno_id !== undefined ? 'storno' : p.proforma === 1 ? 'proforma' : 'invoice';
    const storno = p.storno_id !== undefined ? await stornoSource(db, accountId, p, details) : undefined;
    const proforma = p.from_proforma_id !== undefined ? await proformaSource(db, accountId, p, details) : undefined;
    if (p.order_id !== undefined) await checkOrderHeader(db, accountId, p, details);
    const itemDefs = await listCustomFieldDefs(db, accountId, 'finance_item');
    const given = storno?.lines ?? proforma?.lines ?? (p.order_id === undefined && p.items ? requestLines(p.items) : undefined);
    const lines = given && await checkLines(db, accountId, given, p.crdr, itemDefs, details);
    const retentions = checkRetentions(p, details);
    throwIfInvalid(details, given && vatRefusal(given, p.crdr));

    const fxRate = storno ? storno.original.fxRate : h.fxRate;
    const language = defaultLanguage(p, h.contact, storno?.original.language ?? proforma?.proforma.language);
    const parties = storno
      ? { seller: storno.original.seller, buyer: storno.original.buyer }
      : invoiceParties(p.crdr, accountParty(h.account, h.bank, { email: p.issuer_email, phone: p.issuer_phone, swift: p.issuer_swift }), contactParty(h.contact));
    const number = await assignNumber(db, accountId, seriesFor(config, type, p.crdr), p.issued_date);
    const header = { ...newInvoice(p, h, type, fxRate, language, parties), ...number };
    // A storno names the partner as the original did, whatever the contact is called today.
    if (storno) header.contactName = storno.original.contactName;
    const retentionTotal = sumMoney(retentions.map((r) => r.amount), p.currency);

    let id: number;
    let priced: PricedLines;
    if (lines) {
      priced = priceLines(lines, p.currency, fxRate);
      checkAmounts(priced, type, retentionTotal);
      id = await insertInvoice(db, accountId, { ...header, totals: priced.totals }, now);
    } else {
      // Issued from an order: the order's lines are known once it ships, which needs the invoice id.
      id = await insertInvoice(db, accountId, { ...header, totals: ZERO }, now);
      const fromOrder: ErrorDetail[] = [];
      const checked = await checkLines(db, accountId, await orderLines(db, accountId, p, id, now, today), p.crdr, itemDefs, fromOrder, (i) => `order line ${i + 1}`);
      throwIfInvalid(fromOrder, vatRefusal(checked, p.crdr, (i) => `order line ${i + 1}`));
      priced = priceLines(checked, p.currency, fxRate, (i) => `order line ${i + 1}`);
      checkAmounts(priced, type, retentionTotal);
      await setInvoiceTotals(db, accountId, id, priced.totals);
    }
    await insertInvoiceLines(db, id, priced.lines);
    await insertRetentions(db, id, retentions);
    let reversal: StornoReversal = {};
    if (storno) {
      await markCancelled(db, accountId, storno.original.id, id);
      reversal = await reverseInvoiceShipment(db, accountId, storno.original.id, storno.original.orderId, id, now, today);
    }
    if (proforma) await markConverted(db, accountId, proforma.proforma.id, id);
    if (p.email !== undefined) {
      await enqueueMail(db, accountId, config.smtp ? { invoiceId: id, to: p.email, nextAttemptMs: Date.now() } : { invoiceId: id, to: p.email, heldReason: NO_SMTP_REASON }, now);
    }

    const issued: InvoiceHeader = { ...header, id, totals: priced.totals, paid: roundMoney('0', p.currency) };
    return {
      invoice_id: id,
      invoice_number: number.invoiceNumber,
      type,
      status: statusOf(issued, today),
      totals: totalsOut(priced.totals),
      email_status: p.email !== undefined ? 'pending' : 'not_requested',
      notes: [...(h.esignatureNote ? [h.esignatureNote] : []), ...reversalNotes(storno?.original.invoiceNumber, reversal)],
    };
  });
  if (p.email !== undefined) ctx.services.kickMail();
  return result;
}
