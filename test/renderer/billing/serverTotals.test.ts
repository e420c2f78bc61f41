/**
 * The screens' live totals against the real server, for the same lines typed the same way: the
 * order and invoice forms' figures must be the issued document's, to the unit. The forms' own
 * mapping (toOrderParams / toInvoiceParams, then the shared schema) builds what is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundMoney } from '@shared/money';
import type { OrderView } from '@shared/ipc';
import { emptyInvoice, invoiceFromOrder, invoiceLineText, invoiceSchema, toInvoiceParams, type InvoiceFormValues } from '@renderer/screens/billing/invoices/invoiceForm';
import { liveTotals, type LineText } from '@renderer/lib/lineMath';
import { emptyOrder, orderLineText, orderSchema, toOrderParams, type OrderFormValues, type OrderLineValues } from '@renderer/screens/billing/orders/orderForm';
import { startTestServer, type TestServer } from '../../helpers/server';
import { EUR_EXPECTED, EUR_FX, EUR_LINES, HUF_EXPECTED, HUF_LINES } from './fixtures';

let s: TestServer;
const TODAY = '2026-11-22';

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

const money = (n: number | undefined, currency: string) => (n === undefined ? undefined : roundMoney(String(n), currency));

function invoiceForm(lines: LineText[], currency: 'HUF' | 'EUR', fx: string): InvoiceFormValues {
  return {
    ...emptyInvoice(TODAY),
    contact_id: s.account.customerContactId,
    contact_name: 'Kovács és Fiú Kft.',
    selected_account: s.account.bankAccount,
    currency,
    fx_rate: fx,
    language: 'hu_HU',
    items: lines.map((l, i) => ({
      name: `Tétel ${i + 1}`, unit: 'db', quantity: l.quantity, unit_price: l.unitPrice, discount: l.discount, vat: l.vatRate, description: '', product_id: '', deposit: false,
    })),
  };
}

async function issue(form: InvoiceFormValues) {
  const parsed = invoiceSchema.safeParse(toInvoiceParams(form));
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  const r = await s.ok('setInvoice', parsed.data);
  return { issued: r, record: await s.ok('getInvoice', { invoice_id: r.invoice_id }) };
}

describe('invoice form totals equal the server’s', () => {
  it('HUF, VAT 27/18/5/0 with discounts', async () => {
    const form = invoiceForm(HUF_LINES, 'HUF', '');
    const live = liveTotals(form.items.map(invoiceLineText), 'HUF', '');
    const { issued, record } = await issue(form);
    // Hand-computed figures (fixtures.ts) and the server agree…
    expect(money(issued.totals.gross, 'HUF')).toBe(HUF_EXPECTED.totals.gross);
    // …and the screen's live figures are the server's, line by line, per rate and in total.
    expect(live.doc.totals).toEqual({ net: money(issued.totals.net, 'HUF'), vat: money(issued.totals.vat, 'HUF'), gross: money(issued.totals.gross, 'HUF') });
    expect(record.items.map((l) => money(l.gross, 'HUF'))).toEqual(live.lines.map((l) => l?.gross));
    expect(record.vat_summary.map((r) => ({ vatRate: String(r.vat_rate), net: money(r.net, 'HUF'), vat: money(r.vat, 'HUF'), gross: money(r.gross, 'HUF') }))).toEqual(live.doc.vatSummary);
  });

  it('EUR at 395.5 HUF/EUR, with the HUF values', async () => {
    const form = invoiceForm(EUR_LINES, 'EUR', EUR_FX);
    const live = liveTotals(form.items.map(invoiceLineText), 'EUR', EUR_FX);
    const { issued, record } = await issue(form);
    expect(money(issued.totals.gross, 'EUR')).toBe(EUR_EXPECTED.totals.gross);
    expect(live.doc.totals).toEqual({
      net: money(issued.totals.net, 'EUR'), vat: money(issued.totals.vat, 'EUR'), gross: money(issued.totals.gross, 'EUR'),
      netHuf: money(issued.totals.net_huf, 'HUF'), vatHuf: money(issued.totals.vat_huf, 'HUF'), grossHuf: money(issued.totals.gross_huf, 'HUF'),
    });
    expect(record.items.map((l) => [money(l.net_huf, 'HUF'), money(l.vat_huf, 'HUF')])).toEqual(live.lines.map((l) => [l?.netHuf, l?.vatHuf]));
  });
});

describe('order form totals equal the server’s', () => {
  const productIds: number[] = [];
  // List prices in HUF; lines 4 and 5 override theirs (custom_price), as a clerk would.
  const catalogue = [
    { name: 'Szűrőbetét', price: 1234, vat: 27 },
    { name: 'Védőkesztyű', price: 450, vat: 18 },
    { name: 'Trappista sajt', price: 999, vat: 5 },
    { name: 'Szakkönyv', price: 333, vat: 0 },
    { name: 'Fúrógép', price: 9999, vat: 27 },
    { name: 'Tipli', price: 20, vat: 18 },
  ];

  beforeAll(async () => {
    for (const p of catalogue) {
      const r = await s.ok('setProduct', { product_name: `Teszt ${p.name}`, currency: 'HUF', vat: p.vat, unit: 'db', list_price: p.price });
      productIds.push(r.id);
    }
  });

  /** `products[i]`: the catalogue entry of line i, whose VAT rate must be the line's. */
  function orderForm(lines: LineText[], currency: string, fx: string, useListPrice: (i: number) => boolean, products = lines.map((_, i) => i)): OrderFormValues {
    const items: OrderLineValues[] = lines.map((l, i) => {
      const k = products[i]!;
      expect(String(catalogue[k]!.vat)).toBe(l.vatRate);
      return {
        product_id: productIds[k]!, name: catalogue[k]!.name, vat: String(catalogue[k]!.vat), list_price: String(catalogue[k]!.price), product_currency: 'HUF', unit: 'db',
        quantity: l.quantity, custom_price: useListPrice(i) ? '' : l.unitPrice, discount: l.discount, description: '',
      };
    });
    return { ...emptyOrder(TODAY), contact_id: s.account.customerContactId, contact_name: 'Kovács és Fiú Kft.', selected_account: s.account.bankAccount, currency, fx_rate: fx, items };
  }

  async function save(form: OrderFormValues) {
    const parsed = orderSchema.safeParse(toOrderParams(form, 0));
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return s.ok('setOrder', parsed.data);
  }

  it('HUF: list prices (empty price) and overridden prices, discounts, mixed VAT', async () => {
    // The catalogue's list prices are HUF_LINES' prices for lines 1–4; 5 and 6 are typed.
    const form = orderForm(HUF_LINES, 'HUF', '', (i) => i < 4);
    expect(form.items.map((l) => l.custom_price)).toEqual(['', '', '', '', '5 000', '12,5']);
    const live = liveTotals(form.items.map(orderLineText('HUF')), 'HUF', '');
    expect(live.doc.totals).toEqual(HUF_EXPECTED.totals);
    const r = await save(form);
    expect({ net: money(r.totals.net, 'HUF'), vat: money(r.totals.vat, 'HUF'), gross: money(r.totals.gross, 'HUF') }).toEqual(live.doc.totals);
  });

  it('EUR at 395.5: every price typed (the list prices are in HUF)', async () => {
    // Products 1, 2, 3 and 5 carry the VAT rates of EUR_LINES (27, 18, 5, 27).
    const form = orderForm(EUR_LINES, 'EUR', EUR_FX, () => false, [0, 1, 2, 4]);
    const live = liveTotals(form.items.map(orderLineText('EUR')), 'EUR', EUR_FX);
    expect(live.doc.totals).toEqual(EUR_EXPECTED.totals);
    const r = await save(form);
    expect({
      net: money(r.totals.net, 'EUR'), vat: money(r.totals.vat, 'EUR'), gross: money(r.totals.gross, 'EUR'),
      netHuf: money(r.totals.net_huf, 'HUF'), vatHuf: money(r.totals.vat_huf, 'HUF'), grossHuf: money(r.totals.gross_huf, 'HUF'),
    }).toEqual(live.doc.totals);
  });
});

describe('invoicing an order through the invoice form', () => {
  it('the form sends the order’s lines along with order_id, and the server accepts them as exactly the order’s', async () => {
    const a = await s.ok('setProduct', { product_name: 'Beüzemelés', currency: 'HUF', vat: 27, unit: 'alkalom', list_price: 14990, service: 1 });
    const b = await s.ok('setProduct', { product_name: 'Tanácsadás', currency: 'HUF', vat: 27, unit: 'óra', list_price: 12500, service: 1 });
    const form: OrderFormValues = {
      ...emptyOrder(TODAY), contact_id: s.account.customerContactId, contact_name: 'Kovács és Fiú Kft.', selected_account: s.account.bankAccount,
      items: [
        { product_id: a.id, name: 'Beüzemelés', vat: '27', list_price: '14990', product_currency: 'HUF', unit: 'alkalom', quantity: '1', custom_price: '', discount: '', description: '' },
        { product_id: b.id, name: 'Tanácsadás', vat: '27', list_price: '12500', product_currency: 'HUF', unit: 'óra', quantity: '2,5', custom_price: '', discount: '10', description: '' },
      ],
    };
    const parsed = orderSchema.safeParse(toOrderParams(form, 1));
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    const order = await s.ok('setOrder', parsed.data);
    // The order as the core shows it (OrderView), priced as the screen priced it.
    const live = liveTotals(form.items.map(orderLineText('HUF')), 'HUF', '');
    const view: OrderView = {
      id: order.order_id, local: false, serverId: order.order_id, status: order.status, contactId: s.account.customerContactId, contactName: 'Kovács és Fiú Kft.',
      warehouse: order.warehouse, currency: 'HUF', issuedDate: TODAY, totals: { net: 0, vat: 0, gross: 0 }, outboxState: null, refusal: null, invoice: null, madeBy: null, header: parsed.data as Record<string, unknown>,
      lines: form.items.map((l, i) => ({
        productId: l.product_id, quantity: Number(l.quantity.replace(',', '.')), customPrice: null, discount: l.discount ? Number(l.discount) : 0, name: l.name, unit: l.unit,
        vat: Number(l.vat), unitPrice: Number(l.list_price), net: Number(live.lines[i]!.net), vatAmount: Number(live.lines[i]!.vat), gross: Number(live.lines[i]!.gross),
      })),
    };
    const invoiceForm = invoiceFromOrder(view, TODAY);
    const params = invoiceSchema.safeParse(toInvoiceParams(invoiceForm));
    if (!params.success) throw new Error(JSON.stringify(params.error.issues));
    expect(params.data.items).toHaveLength(2);
    const issued = await s.ok('setInvoice', params.data);
    // 14 990 net, VAT 27 %: 4047.3 → 4047, gross 19 037; 2.5 × 12 500 = 31 250, −10 % = 28 125 net, VAT 7593.75 → 7594,
    // gross 35 719; together 54 756.
    expect(money(issued.totals.gross, 'HUF')).toBe(live.doc.totals.gross);
    expect(live.doc.totals.gross).toBe('54756');
    expect((await s.ok('getOrderStatus', { order_id: order.order_id })).invoice_ids).toEqual([issued.invoice_id]);
  });
});
