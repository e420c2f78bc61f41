/** Orders made here: saved through the outbox, shown with exact totals from @shared/money. */
import { computeTotals, toNumber } from '@shared/money';
import type { Params } from '@shared/protocol';
import type { OrderView } from '@shared/ipc/types';
import { getContact } from '../mirror/contacts';
import type { Db } from '../mirror/db';
import { invoiceForOrder, invoiceNumberOf } from '../mirror/invoices';
import { getOrder, idsOf, listOrders, makerOf, refusalOf, type OrderRecord } from '../mirror/orders';
import { productRecord, productRow } from '../mirror/products';
import { currentId, nextLocalId, resolveId } from '../mirror/settings';
import { pendingStateOf } from '../outbox/repo';
import { submit } from '../outbox/service';
import { canonicalWarehouse } from './stock';
import { fromFailure, ipcError, notFound, requireOnline, type Handlers } from './context';

/** `nameOf` names a clerk of this desk by id (ctx.clerks.nameOf): who made the order. */
export function orderView(db: Db, o: OrderRecord, nameOf: (clerkId: string | null) => string | null = () => null): OrderView {
  const p = o.params;
  const lines = p.items.map((it) => {
    const pid = currentId(db, 'product', it.product_id);
    const row = productRow(db, pid);
    const rec = productRecord(db, pid);
    return { it, pid, name: row?.name ?? `#${it.product_id}`, unit: it.unit || row?.unit || '', vat: row?.vat ?? Number(rec?.vat ?? 0), unitPrice: it.custom_price ?? row?.listPrice ?? 0 };
  });
  const t = computeTotals(lines.map((l) => ({ quantity: l.it.quantity, unitPrice: l.unitPrice, discountPercent: l.it.discount ?? 0, vatRate: l.vat })), p.currency);
  const header: Record<string, unknown> = { ...p };
  const maker = makerOf(db, 'order', o.id);
  delete header.items;
  return {
    id: o.id, local: o.local, serverId: o.local ? null : o.id, status: o.status, contactId: p.contact_id,
    contactName: getContact(db, p.contact_id)?.name ?? o.server?.contactName ?? `#${p.contact_id}`, warehouse: p.warehouse, currency: p.currency, issuedDate: p.issued_date,
    totals: { net: toNumber(t.totals.net), vat: toNumber(t.totals.vat), gross: toNumber(t.totals.gross) },
    lines: lines.map((l, i) => ({
      productId: l.pid, quantity: l.it.quantity, customPrice: l.it.custom_price ?? null, discount: l.it.discount ?? 0, description: l.it.description ?? '',
      name: l.name, unit: l.unit, vat: l.vat, unitPrice: l.unitPrice, net: toNumber(t.lines[i]!.net), vatAmount: toNumber(t.lines[i]!.vat), gross: toNumber(t.lines[i]!.gross),
    })),
    header, outboxState: pendingStateOf(db, 'order', o.id), refusal: refusalOf(db, 'order', o.id), invoice: orderInvoice(db, o),
    madeBy: (maker ? nameOf(maker.clerkId) : null) ?? o.server?.createdBy ?? null,
  };
}

/**
 * The order's invoice: issued here (pending until numbered), or the one the server says was issued
 * from it (at any desk); null when not invoiced.
 */
export function orderInvoice(db: Db, o: OrderRecord): OrderView['invoice'] {
  const inv = invoiceForOrder(db, idsOf(db, 'order', o.id));
  if (inv) return { id: inv.id, pending: inv.local, number: inv.local ? null : invoiceNumberOf(db, inv.id) ?? o.server?.invoiceNumber ?? null };
  const s = o.server;
  return s?.invoiceId ? { id: s.invoiceId, pending: false, number: s.invoiceNumber } : null;
}

export const orderHandlers: Handlers<'orders.save' | 'orders.setItems' | 'orders.list' | 'orders.get' | 'orders.status'> = {
  'orders.save': (ctx, req) => {
    const p: Params<'setOrder'> = { ...req.order, warehouse: req.order.warehouse === '*' ? '*' : canonicalWarehouse(ctx, req.order.warehouse) };
    const given = req.id ?? p.id;
    delete p.id;
    p.items.forEach((it, i) => {
      if (!productRow(ctx.db, currentId(ctx.db, 'product', it.product_id))) throw ipcError('NOT_FOUND', `Product ${it.product_id} is not in the local data.`, [{ field: `order.items[${i}].product_id`, message: 'unknown product' }]);
    });
    let id: number;
    let creates: string | undefined;
    if (given === undefined) {
      id = nextLocalId(ctx.db, 'order');
      creates = `order:${id}`;
    } else {
      id = currentId(ctx.db, 'order', given);
      if (!getOrder(ctx.db, id)) throw notFound(`Order ${given}`);
      p.id = id;
    }
    const customer = getContact(ctx.db, p.contact_id)?.name ?? `contact ${p.contact_id}`;
    submit(ctx.outbox, {
      method: 'setOrder', params: p as Record<string, unknown>, queueKey: `order:${id}`, ...(creates ? { creates } : {}),
      summary: `${creates ? 'New order' : `Order ${id} change`} for ${customer}, ${p.items.length} line(s)`,
      summaryData: creates ? { kind: 'newOrder', args: { customer, lines: p.items.length } } : { kind: 'orderChange', args: { id, customer, lines: p.items.length } },
    });
    ctx.changed(['orders', 'outbox']);
    return { id };
  },
  'orders.setItems': (ctx, req) => {
    const id = currentId(ctx.db, 'order', req.id);
    const order = getOrder(ctx.db, id);
    if (!order) throw notFound(`Order ${req.id}`);
    const products = req.products.map((x) => ({ product_id: currentId(ctx.db, 'product', x.productId), new_quantity: x.newQuantity }));
    submit(ctx.outbox, {
      method: 'setOrderItem', params: { order_id: id, products }, queueKey: `order:${id}`,
      summary: `Order ${id}: quantities of ${products.length} product(s)`, summaryData: { kind: 'orderItems', args: { id, products: products.length } },
    });
    ctx.changed(['orders', 'outbox']);
    return { id };
  },
  'orders.list': (ctx) => listOrders(ctx.db).map((o) => orderView(ctx.db, o, (id) => ctx.clerks.nameOf(id))),
  'orders.get': (ctx, req) => {
    const o = getOrder(ctx.db, currentId(ctx.db, 'order', req.id));
    return o ? orderView(ctx.db, o, (id) => ctx.clerks.nameOf(id)) : null;
  },
  'orders.status': async (ctx, req) => {
    const server = resolveId(ctx.db, 'order', req.id);
    // Not yet on the server: there is no status to ask for.
    if (server === null) return null;
    const o = await requireOnline(ctx).call('getOrderStatus', { order_id: server });
    if (o.kind !== 'ok') throw fromFailure(o);
    return o.result;
  },
};
