// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderView } from '@shared/ipc';
import { installFake, invoiceRow, KOVACS, MULLER, plain, renderBilling, type Handlers } from './harness';
import { EUR_LINES } from './fixtures';

// The viewer's pdf.js is exercised end to end; here the invoice page only needs it not to load.
vi.mock('@renderer/components/pdf/pdfjs', () => ({ openPdf: () => new Promise(() => undefined) }));

afterEach(cleanup);

const handlers = (extra: Handlers = {}): Handlers => ({
  'contacts.search': ({ query }) => [KOVACS, MULLER].filter((c) => c.name.toLowerCase().includes(query.toLowerCase())),
  'contacts.get': ({ id }) => [KOVACS, MULLER].find((c) => c.id === id) ?? null,
  'account.bankAccounts': () => [
    { number: '11773016-11111018-00000000', bankName: 'OTP Bank', currency: 'HUF', swift: 'OTPVHUHB' },
    { number: 'HU42117730161111101800000000', bankName: 'OTP Bank (EUR)', currency: 'EUR', swift: 'OTPVHUHB' },
  ],
  'invoices.issue': () => ({ id: -7 }),
  'invoices.get': ({ id }) => ({ row: invoiceRow({ id, local: true, serverId: null, invoiceNumber: null, outboxState: 'queued' }), detail: null }),
  'invoices.pdf': () => ({ filename: 'draft.pdf', pdf: 'JVBERi0=', draft: true }),
  ...extra,
});

type User = ReturnType<typeof userEvent.setup>;

/** Fills a line as a clerk pasting each value would (one input event per field keeps the test quick). */
async function fillLine(user: User, i: number, l: { name: string; quantity: string; unitPrice: string; discount: string; vatRate: string }) {
  const row = screen.getByTestId(`invoice-line-${i}`);
  const put = async (el: HTMLElement, value: string) => {
    await user.clear(el);
    if (value) {
      await user.click(el);
      await user.paste(value);
    }
  };
  await put(within(row).getByRole('textbox', { name: /^Name of line/ }), l.name);
  await put(within(row).getByRole('textbox', { name: /^Quantity of/ }), l.quantity);
  await put(within(row).getByRole('textbox', { name: /^Unit price of/ }), l.unitPrice);
  await put(within(row).getByRole('textbox', { name: /^Discount of/ }), l.discount);
  await put(within(row).getByRole('combobox', { name: /^VAT rate of/ }), l.vatRate);
}

describe('invoice issue', () => {
  it('EUR with mixed VAT, discounts and HUF values; e-mail asks first', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/new', 'en');
    const customer = await screen.findByRole('combobox', { name: 'Customer' });
    await user.type(customer, 'Müll');
    await screen.findByRole('option', { name: /Müller Handels/ });
    await user.keyboard('{Enter}');
    // A German buyer without a Hungarian tax number: foreign VAT status, German document.
    expect(screen.getByRole('combobox', { name: 'Customer VAT status' })).toHaveProperty('value', 'OTHER');
    expect(screen.getByRole('combobox', { name: 'Invoice language' })).toHaveProperty('value', 'de_DE');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Currency' }), 'EUR');
    // The account kept in euros follows the currency.
    expect(screen.getByRole('combobox', { name: 'Bank account' })).toHaveProperty('value', 'HU42117730161111101800000000');
    await user.type(screen.getByRole('textbox', { name: /^Rate \(HUF/ }), '395,5');

    for (const [i, l] of EUR_LINES.entries()) {
      if (i > 0) await user.click(screen.getByRole('button', { name: 'Add line' }));
      await fillLine(user, i, { name: `Item ${i + 1}`, ...l });
    }
    // Worked by hand in fixtures.ts: 101.55 + 30.94 + 1.04 + 38.10 = 171.63 gross; 137.17 net; 34.46 VAT.
    expect(['line-0-gross', 'line-1-gross', 'line-2-gross', 'line-3-gross'].map((id) => screen.getByTestId(id).textContent)).toEqual(['101.55', '30.94', '1.04', '38.10']);
    expect(plain(screen.getByTestId('total-net').textContent)).toBe('€137.17');
    expect(plain(screen.getByTestId('total-vat').textContent)).toBe('€34.46');
    expect(plain(screen.getByTestId('total-gross').textContent)).toBe('€171.63');
    // HUF: line values summed, 54251 + 13630.
    expect(plain(screen.getByTestId('total-gross-huf').textContent)).toBe('HUF 67,881');

    await user.type(screen.getByRole('textbox', { name: 'Send by e-mail to' }), 'einkauf@mueller.example');
    await user.click(screen.getByRole('button', { name: /Issue invoice/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invoice by e-mail?' });
    // Customer and address side by side, so a wrong pair is seen before it is sent.
    expect(plain(dialog.textContent)).toContain('The invoice (€171.63) will be issued and its PDF e-mailed to:Müller Handels GmbH — einkauf@mueller.example');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fake.requests('invoices.issue')).toHaveLength(0);
    // Focus went back where it was, so the keyboard shortcut works again at once.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Issue invoice/ }));

    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Issue and send' }));
    // Numbered by the server only later: the desk says it is waiting, not issued.
    await screen.findByText(/The invoice is waiting to be sent/);
    const [sent] = fake.requests('invoices.issue');
    expect(sent?.invoice).toMatchObject({
      crdr: 'outgoing', currency: 'EUR', fx_rate: 395.5, customer_vat_type: 'OTHER', language: 'de_DE', email: 'einkauf@mueller.example', contact_id: MULLER.id,
      items: [
        { name: 'Item 1', quantity: 4, unit_price: 19.99, vat: 27 },
        { name: 'Item 2', quantity: 2.5, unit_price: 12.34, discount: 15, vat: 18 },
        { name: 'Item 3', quantity: 1, unit_price: 0.99, vat: 5 },
        { name: 'Item 4', quantity: 3, unit_price: 10, vat: 27 },
      ],
    });
    // Issued offline: the invoice page says it has no number yet.
    expect(screen.getAllByText('Not yet numbered').length).toBeGreaterThan(0);
    expect(fake.requests('drafts.clear').map((r) => r.key)).toContain('billing.invoice.new');
    // jsdom re-lays out a wide form at every input: a long test, not a slow screen.
  }, 90_000);

  it('dates and amounts are checked before anything is sent, in Hungarian', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/new', 'hu');
    const pay = await screen.findByLabelText('Fizetési határidő');
    await user.clear(pay);
    await user.type(pay, '2000-01-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pénznem' }), 'USD');
    await user.type(screen.getByRole('textbox', { name: 'A(z) 1. tétel megnevezése' }), 'Javítás');
    await user.type(screen.getByRole('textbox', { name: 'Javítás egységára' }), 'tíz');
    // 20 % is no Hungarian VAT rate: the server would refuse it on an invoice we issue.
    const vat = screen.getByRole('combobox', { name: 'Javítás ÁFA-kulcsa' });
    await user.clear(vat);
    await user.type(vat, '20');
    await user.click(screen.getByRole('button', { name: /Számla kiállítása/ }));
    expect(await screen.findByText(/^Nem lehet a kiállítás dátuma \(\d{4}-\d{2}-\d{2}\) előtt\.$/)).toBeTruthy();
    expect(screen.getByText('Kötelező, ha a pénznem nem HUF.')).toBeTruthy();
    const price = screen.getByRole('textbox', { name: 'Javítás egységára' });
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Számot adjon meg.');
    expect(screen.getByText('Általunk kiállított számlán az ÁFA-kulcs 27, 18, 5 vagy 0 %.')).toBeTruthy();
    expect(fake.requests('invoices.issue')).toHaveLength(0);
  });

  it('from an order made offline: its lines are shown, not edited; order_id is its local id', async () => {
    const order: OrderView = {
      id: -3, local: true, serverId: null, status: 'finalized', contactId: KOVACS.id, contactName: KOVACS.name, warehouse: 'Default', currency: 'HUF', issuedDate: '2026-11-20',
      totals: { net: 4232, vat: 1062, gross: 5294 }, outboxState: 'queued', refusal: null, invoice: null, madeBy: null,
      header: { method: 'cash', selected_account: '11773016-11111018-00000000', language: 'hu_HU', order_description: 'KF-2026/031' },
      lines: [
        { productId: 101, quantity: 3, customPrice: null, discount: 10, name: 'Szűrőbetét', unit: 'db', vat: 27, unitPrice: 1234, net: 3332, vatAmount: 900, gross: 4232 },
        { productId: 102, quantity: 2, customPrice: null, discount: 0, name: 'Védőkesztyű', unit: 'pár', vat: 18, unitPrice: 450, net: 900, vatAmount: 162, gross: 1062 },
      ],
    };
    const fake = installFake(handlers({ 'orders.get': () => order }));
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/new?order=-3', 'hu');
    expect(await screen.findByText(/^Az ezen a gépen mentett rendelés tételeit számlázzuk/)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Vevő' })).toHaveProperty('value', KOVACS.name);
    expect(screen.queryByRole('textbox', { name: /egységára/ })).toBeNull();
    expect(plain(screen.getByTestId('total-gross').textContent)).toBe('5 294 Ft');
    await user.click(screen.getByRole('button', { name: /Számla kiállítása/ }));
    await waitFor(() => expect(fake.requests('invoices.issue')).toHaveLength(1));
    const sent = fake.requests('invoices.issue')[0]!.invoice as Record<string, unknown>;
    expect(sent).toMatchObject({ order_id: -3, contact_id: KOVACS.id, method: 'cash', invoice_description: 'KF-2026/031', customer_vat_type: 'DOMESTIC' });
    // The order's own lines go along (the server checks they are exactly those; the offline preview shows them).
    expect(sent.items).toMatchObject([
      { name: 'Szűrőbetét', quantity: 3, unit_price: 1234, discount: 10, vat: 27, unit: 'db', product_id: 101 },
      { name: 'Védőkesztyű', quantity: 2, unit_price: 450, vat: 18, unit: 'pár', product_id: 102 },
    ]);
  });

  it('a proforma becomes a tax invoice with its lines', async () => {
    const detail = {
      id: 77, invoice_number: 'PRO-2026-000001', type: 'proforma', crdr: 'outgoing', status: 'proforma', contact_id: KOVACS.id, contact_name: KOVACS.name, currency: 'HUF',
      issued_date: '2026-11-19', fulfillment_date: '2026-11-19', payment_date: '2026-11-29', net: 10000, vat: 2700, total: 12700, balance: 0, method: 'transfer',
      selected_account: '11773016-11111018-00000000', customer_vat_type: 'DOMESTIC', language: 'hu_HU', invoice_description: 'Előleg a tavaszi szezonra',
      seller: { name: 'S', country_code: 'HU', postal_code: '1', city: 'B', street: 's' }, buyer: { name: 'K', country_code: 'HU', postal_code: '1', city: 'G', street: 's' },
      items: [{ line_no: 1, name: 'Kerti bútor szett', unit_price: 10000, unit: 'szett', quantity: 1, vat: 27, discount: 0, deposit: 0, net: 10000, vat_amount: 2700, gross: 12700 }],
      retentions: [], totals: { net: 10000, vat: 2700, gross: 12700 }, vat_summary: [], payments: [], attachments: [],
      email_status: { status: 'not_requested', attempts: 0 }, esignature: { requested: 0, applied: 0 }, nav_submissions: [],
    } as const;
    const fake = installFake(handlers({ 'invoices.get': ({ id }) => ({ row: invoiceRow({ id, type: 'proforma', status: 'proforma', invoiceNumber: 'PRO-2026-000001', total: 12700, balance: 0 }), detail: structuredClone(detail) as never }) }));
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/new?proforma=77', 'hu');
    expect(await screen.findByText('A díjbekérőből azonos tételekkel számla lesz.')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Vevő' })).toHaveProperty('value', KOVACS.name);
    expect(plain(screen.getByTestId('total-gross').textContent)).toBe('12 700 Ft');
    await user.click(screen.getByRole('button', { name: /Számla kiállítása/ }));
    await waitFor(() => expect(fake.requests('invoices.issue')).toHaveLength(1));
    expect(fake.requests('invoices.issue')[0]!.invoice).toMatchObject({
      from_proforma_id: 77, contact_id: KOVACS.id, invoice_description: 'Előleg a tavaszi szezonra', items: [{ name: 'Kerti bútor szett', unit_price: 10000, quantity: 1, vat: 27 }],
    });
  });
});
