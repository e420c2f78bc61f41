/**
 * Invoices: issued through the outbox (offline too, with a draft preview), listed from the mirror,
 * real PDFs fetched once synced and cached for offline viewing and printing.
 */
import type { Params, Result } from '@shared/protocol';
import type { InvoicePdf } from '@shared/ipc/types';
import { getContact } from '../mirror/contacts';
import { saveSeller } from '../mirror/dues';
import { cachedPdf, cachePdf, invoiceDetail, invoiceParams, invoiceRow, listInvoices, saveDetail } from '../mirror/invoices';
import { getOrder } from '../mirror/orders';
import { currentId, nextLocalId } from '../mirror/settings';
import { orderInvoice } from './orders';
import { submit } from '../outbox/service';
import { renderDraftInvoice } from '../documents/draftInvoice';
import { fromFailure, ipcError, notFound, requireOnline, type CoreContext, type Handlers } from './context';

/** `stornoOf`: the number (or draft id) of the invoice a storno cancels. */
function issue(ctx: CoreContext, p: Params<'setInvoice'>, stornoOf?: string): number {
  const id = nextLocalId(ctx.db, 'invoice');
  const customer = getContact(ctx.db, p.contact_id)?.name ?? `contact ${p.contact_id}`;
  const args = { customer, lines: (p.items ?? []).length, currency: p.currency };
  const what = stornoOf !== undefined ? `Storno of ${stornoOf}` : p.proforma === 1 ? 'Proforma' : 'Invoice';
  submit(ctx.outbox, {
    method: 'setInvoice', params: p as Record<string, unknown>, queueKey: `invoice:${id}`, creates: `invoice:${id}`,
    summary: `${what} for ${customer}, ${args.lines} line(s), ${p.currency}`,
    summaryData: stornoOf !== undefined ? { kind: 'storno', args: { original: stornoOf, ...args } } : { kind: p.proforma === 1 ? 'proforma' : 'invoice', args },
  });
  ctx.changed(['invoices', 'outbox']);
  return id;
}

/** The full invoice: cached, or fetched when online (and cached, with the seller block it prints). */
async function detailOf(ctx: CoreContext, id: number): Promise<Result<'getInvoice'> | null> {
  const cached = invoiceDetail(ctx.db, id);
  if (cached || id < 0 || !ctx.engine.isOnline() || !ctx.api()) return cached;
  const o = await ctx.api()!.call('getInvoice', { invoice_id: id });
  if (o.kind !== 'ok') return null;
  ctx.db.transaction(() => {
    saveDetail(ctx.db, o.result);
    saveSeller(ctx.db, o.result.seller, `invoice ${o.result.invoice_number ?? o.result.id}`, ctx.clock.now());
  })();
  return o.result;
}

/**
 * An order is invoiced once: the server refuses a second invoice, and so does the desk at once,
 * while the first is still waiting to be sent — the clerk sees why instead of a "success" that the
 * server turns down later.
 */
function refuseInvoicedOrder(ctx: CoreContext, orderId: number): void {
  const id = currentId(ctx.db, 'order', orderId);
  const order = getOrder(ctx.db, id);
  const done = order ? orderInvoice(ctx.db, order) : null;
  if (done || order?.status === 'shipped') {
    const which = done ? (done.pending ? 'an invoice waiting to be sent' : `invoice ${done.number ?? invoiceRow(ctx.db, done.id, ctx.today())?.invoiceNumber ?? done.id}`) : 'an invoice';
    throw ipcError('CONFLICT', `Order ${orderId} is already invoiced (${which}); an order is invoiced once.`, [{ field: 'invoice.order_id', message: 'the order is already invoiced' }]);
  }
}

export const invoiceHandlers: Handlers<'invoices.issue' | 'invoices.list' | 'invoices.get' | 'invoices.pdf' | 'invoices.storno' | 'invoices.pay'> = {
  'invoices.issue': (ctx, req) => {
    if (req.invoice.order_id !== undefined) refuseInvoicedOrder(ctx, req.invoice.order_id);
    return { id: issue(ctx, req.invoice) };
  },
  'invoices.list': (ctx, req) => listInvoices(ctx.db, req, ctx.today()),
  'invoices.get': async (ctx, req) => {
    const id = currentId(ctx.db, 'invoice', req.id);
    const row = invoiceRow(ctx.db, id, ctx.today());
    if (!row) return null;
    return { row, detail: await detailOf(ctx, id) };
  },
  'invoices.pdf': async (ctx, req): Promise<InvoicePdf> => {
    const id = currentId(ctx.db, 'invoice', req.id);
    const row = invoiceRow(ctx.db, id, ctx.today());
    if (!row) throw notFound(`Invoice ${req.id}`);
    const params = invoiceParams(ctx.db, id);
    const language = req.language ?? params?.language ?? invoiceDetail(ctx.db, id)?.language ?? 'hu_HU';
    if (row.local) {
      if (!params) throw notFound(`Invoice ${req.id}`);
      const pdf = await renderDraftInvoice(ctx.db, id, params);
      return { filename: `draft-invoice-${-id}.pdf`, pdf: pdf.toString('base64'), draft: true };
    }
    const cached = cachedPdf(ctx.db, id, language);
    if (cached) return { filename: cached.filename, pdf: cached.pdf.toString('base64'), draft: false };
    const o = await requireOnline(ctx).call('generateInvoicePDF', { invoice_id: id, language: language as 'hu_HU', ...(row.type === 'proforma' ? { proforma: 1 } : {}) });
    if (o.kind !== 'ok') throw fromFailure(o);
    cachePdf(ctx.db, id, language, o.result.filename, Buffer.from(o.result.pdf, 'base64'), ctx.clock.now());
    return { filename: o.result.filename, pdf: o.result.pdf, draft: false };
  },
  'invoices.storno': async (ctx, req) => {
    const id = currentId(ctx.db, 'invoice', req.id);
    const row = invoiceRow(ctx.db, id, ctx.today());
    if (!row) throw notFound(`Invoice ${req.id}`);
    if (row.type !== 'invoice') throw ipcError('VALIDATION_ERROR', 'Only a tax invoice can be cancelled with a storno.');
    const local = invoiceParams(ctx.db, id);
    const detail = local ? null : await detailOf(ctx, id);
    if (!local && !detail) throw ipcError('OFFLINE', 'The invoice\'s lines are not in the local data yet; open it once while online.');
    const base: Params<'setInvoice'> = local ?? {
      crdr: detail!.crdr as Params<'setInvoice'>['crdr'], method: detail!.method as Params<'setInvoice'>['method'], issued_date: detail!.issued_date,
      payment_date: detail!.payment_date, fulfillment_date: detail!.fulfillment_date, selected_account: detail!.selected_account, contact_id: detail!.contact_id,
      currency: detail!.currency as Params<'setInvoice'>['currency'], customer_vat_type: detail!.customer_vat_type as Params<'setInvoice'>['customer_vat_type'],
      language: detail!.language as Params<'setInvoice'>['language'], ...(detail!.fx_rate ? { fx_rate: detail!.fx_rate } : {}),
      items: detail!.items.map((i) => ({ name: i.name, unit_price: i.unit_price, unit: i.unit, quantity: i.quantity, vat: i.vat, discount: i.discount, ...(i.product_id ? { product_id: i.product_id } : {}), deposit: i.deposit })),
    };
    const issued = req.issuedDate ?? ctx.today();
    const p: Params<'setInvoice'> = {
      crdr: base.crdr, method: base.method, issued_date: issued < base.issued_date ? base.issued_date : issued, payment_date: issued < base.issued_date ? base.issued_date : issued,
      fulfillment_date: base.fulfillment_date, selected_account: base.selected_account, contact_id: base.contact_id, currency: base.currency,
      customer_vat_type: base.customer_vat_type, ...(base.language ? { language: base.language } : {}), ...(base.fx_rate ? { fx_rate: base.fx_rate } : {}),
      storno_id: req.id < 0 ? req.id : id, items: (base.items ?? []).map((i) => ({ ...i, quantity: -i.quantity })),
    };
    return { id: issue(ctx, p, row.invoiceNumber ?? `draft ${req.id}`) };
  },
  'invoices.pay': (ctx, req) => {
    const id = currentId(ctx.db, 'invoice', req.id);
    const row = invoiceRow(ctx.db, id, ctx.today());
    if (!row) throw notFound(`Invoice ${req.id}`);
    const entryId = submit(ctx.outbox, {
      method: 'setBalance', queueKey: `invoice:${id}`, summary: `Payment ${req.amount} ${row.currency} on ${row.invoiceNumber ?? `draft ${id}`}`,
      summaryData: { kind: 'payment', args: { amount: req.amount, currency: row.currency, invoice: row.invoiceNumber ?? `draft ${id}` } },
      params: { invoice_id: id, amount: req.amount, date: req.date || ctx.today(), ...(req.note ? { note: req.note } : {}) },
    });
    ctx.changed(['invoices', 'outbox']);
    return { entryId };
  },
};
