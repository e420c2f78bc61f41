// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IpcError } from '@shared/ipc/validate';
import { humanTyping, installFake, KOVACS, plain, product, realClock, renderBilling, scan, type Handlers } from './harness';

beforeEach(humanTyping);
afterEach(() => {
  cleanup();
  realClock();
});

const FILTER = product({ id: 101, name: 'Szűrőbetét', vat: 27, listPrice: 1234, ean: '5994000000017', itemNumber: 'SD-1001' });
const GLOVES = product({ id: 102, name: 'Védőkesztyű', vat: 18, listPrice: 450, itemNumber: 'SD-1002' });
const EURO_ONLY = product({ id: 103, name: 'Import szerszám', vat: 27, listPrice: 80, currency: 'EUR' });

const handlers = (extra: Handlers = {}): Handlers => ({
  'contacts.search': ({ query }) => ([KOVACS].filter((c) => c.name.toLowerCase().includes(query.toLowerCase()))),
  'products.lookup': ({ code }) => (code === FILTER.ean ? FILTER : null),
  'products.matches': ({ code }) => (code === FILTER.ean ? [FILTER] : []),
  'products.search': ({ query }) => {
    const rows = [FILTER, GLOVES, EURO_ONLY].filter((p) => p.name.toLowerCase().includes(query.toLowerCase()));
    return { rows, total: rows.length };
  },
  'warehouses.list': () => [{ id: 1, name: 'Budapest Raktár', city: 'Budapest' }],
  'account.bankAccounts': () => [{ number: '11773016-11111018-00000000', bankName: 'OTP Bank', currency: 'HUF', swift: 'OTPVHUHB' }],
  'orders.save': () => ({ id: -1 }),
  ...extra,
});

async function pickCustomer(user: ReturnType<typeof userEvent.setup>) {
  const customer = await screen.findByRole('combobox', { name: /Vevő/ });
  await user.type(customer, 'Kov');
  await screen.findByRole('option', { name: /Kovács és Fiú/ });
  await user.keyboard('{ArrowDown}{Enter}');
  expect(customer).toHaveProperty('value', 'Kovács és Fiú Kft.');
}

async function addLines(user: ReturnType<typeof userEvent.setup>) {
  const add = screen.getByRole('combobox', { name: 'Termék hozzáadása' });
  // A scan while the focus is still on the customer field: the scanner hook takes it to the lines.
  await scan(user, '5994000000017');
  await screen.findByText('Szűrőbetét');
  expect(document.activeElement).toBe(add);
  await user.type(add, 'véd');
  await screen.findByRole('option', { name: /Védőkesztyű/ });
  await user.keyboard('{Enter}');
  await screen.findByText('Védőkesztyű');
}

describe('order entry', () => {
  it('customer by keyboard, lines by scan and search, live totals, finalize', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/orders/new');
    await pickCustomer(user);
    await addLines(user);

    const qty0 = screen.getByRole('textbox', { name: 'Szűrőbetét mennyisége' });
    await user.clear(qty0);
    await user.type(qty0, '3');
    await user.type(screen.getByRole('textbox', { name: 'Szűrőbetét kedvezménye' }), '10');
    const qty1 = screen.getByRole('textbox', { name: 'Védőkesztyű mennyisége' });
    await user.clear(qty1);
    await user.type(qty1, '2');

    // 3 × 1234 = 3702, −10 % = 3331.8 → 3332 net; VAT 27 %: 899.64 → 900; gross 4232.
    // (Grouped always, as on the printed invoice, so an amount column lines up: 4 232 over 14 031.)
    expect(plain(screen.getByTestId('line-0-gross').textContent)).toBe('4 232');
    // 2 × 450 (list price: the price field left empty) = 900; VAT 18 %: 162; gross 1062.
    expect(plain(screen.getByTestId('line-1-gross').textContent)).toBe('1 062');
    // 3332 + 900 = 4232 net; 900 + 162 = 1062 VAT; 5294 gross.
    expect(plain(screen.getByTestId('total-net').textContent)).toBe('4 232 Ft');
    expect(plain(screen.getByTestId('total-vat').textContent)).toBe('1 062 Ft');
    expect(plain(screen.getByTestId('total-gross').textContent)).toBe('5 294 Ft');

    // What is typed is kept as a draft a moment after each change.
    await waitFor(() => expect(fake.drafts.get('billing.order.new')).toMatchObject({ items: [{ quantity: '3', discount: '10' }, { quantity: '2' }] }));
    await user.click(screen.getByRole('button', { name: /Véglegesítés/ }));
    // The fake core never confirms it: the desk says the finalizing is waiting to be sent.
    await screen.findByText(/A véglegesítés küldésre vár/);
    expect(plain(screen.getByTestId('order-done-summary').textContent)).toBe('Kovács és Fiú Kft. · Bruttó végösszeg: 5 294 Ft');
    const [saved] = fake.requests('orders.save');
    expect(saved?.order).toMatchObject({
      contact_id: KOVACS.id, warehouse: 'Default', shipping_aim: 'Sale', method: 'transfer', currency: 'HUF', finalize_order: 1, order_all: 0,
      selected_account: '11773016-11111018-00000000',
      items: [{ product_id: 101, quantity: 3, discount: 10 }, { product_id: 102, quantity: 2 }],
    });
    // An empty price field means the list price: no custom_price is sent (undefined does not cross IPC).
    expect((saved?.order as { items: Array<Record<string, unknown>> }).items[1]?.custom_price).toBeUndefined();
    // The draft is dropped once the order was handed over.
    expect(fake.requests('drafts.clear').map((r) => r.key)).toContain('billing.order.new');
    expect(fake.drafts.has('billing.order.new')).toBe(false);
    expect(screen.getByRole('link', { name: 'Számlázás' }).getAttribute('href')).toBe('/invoices/new?order=-1');
  }, 60_000);

  it('a second scan of the same product adds to its line (one line per product)', async () => {
    installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/orders/new');
    const add = await screen.findByRole('combobox', { name: 'Termék hozzáadása' });
    await scan(user, '5994000000017');
    await screen.findByText('Szűrőbetét');
    // Scanned again while the clerk is in the quantity field: that field keeps its value.
    const qty = screen.getByRole('textbox', { name: 'Szűrőbetét mennyisége' });
    await user.click(qty);
    await scan(user, '5994000000017');
    await waitFor(() => expect(qty).toHaveProperty('value', '2'));
    expect(screen.getAllByText('Szűrőbetét')).toHaveLength(1);
    // Typed by hand into the search field and Enter: looked up exactly too.
    await user.type(add, '1234567890{Enter}');
    expect(await screen.findByText('Nincs termék ezzel a kóddal: 1234567890')).toBeTruthy();
  });

  it('errors sit next to their fields in the clerk’s language; nothing typed is lost', async () => {
    const fake = installFake(
      handlers({
        'orders.save': () => {
          throw new IpcError({ code: 'CONFLICT', message: 'Not enough stock', details: [{ field: 'order.items[0].quantity', message: 'only 2 available in Budapest Raktár' }] });
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderBilling('/orders/new');
    await screen.findByRole('combobox', { name: /Vevő/ });
    await user.click(screen.getByRole('button', { name: /Véglegesítés/ }));
    // The shared setOrder schema judged the empty form: customer and lines are required.
    const customerField = screen.getByRole('combobox', { name: /Vevő/ });
    expect(customerField.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(customerField.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Kötelező.');
    expect(screen.getByText('Adjon meg legalább egy tételt.')).toBeTruthy();
    expect(fake.requests('orders.save')).toHaveLength(0);

    await pickCustomer(user);
    const add = screen.getByRole('combobox', { name: 'Termék hozzáadása' });
    await user.type(add, 'import');
    await user.keyboard('{Enter}');
    await screen.findByText('Import szerszám');
    // Its list price is in EUR: the HUF order needs a typed price, as the server would say.
    expect(screen.getByText('Adjon meg árat: a listaár EUR pénznemű.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Import szerszám egységára' }), '31 500');
    await scan(user, '5994000000017');
    await screen.findByText('Szűrőbetét');

    await user.click(screen.getByRole('button', { name: /Véglegesítés/ }));
    // The core refused with a field detail: it lands under that line's quantity, in Hungarian.
    expect(await screen.findByText('Csak 2 érhető el itt: Budapest Raktár.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Import szerszám mennyisége' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Import szerszám egységára' })).toHaveProperty('value', '31 500');
    expect(fake.requests('orders.save')[0]?.order).toMatchObject({ items: [{ product_id: 103, quantity: 1, custom_price: 31500 }, { product_id: 101, quantity: 1 }] });
    expect(fake.requests('drafts.clear')).toHaveLength(0);
  });

  it('restores an unsaved order after a restart', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    const first = renderBilling('/orders/new');
    await pickCustomer(user);
    await addLines(user);
    first.unmount();
    await waitFor(() => expect(fake.drafts.get('billing.order.new')).toMatchObject({ contact_id: KOVACS.id, items: [{ product_id: 101 }, { product_id: 102 }] }));

    renderBilling('/orders/new');
    expect(await screen.findByText('A nem mentett bevitelt visszaállítottuk.')).toBeTruthy();
    expect(screen.getByText('Védőkesztyű')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Vevő/ })).toHaveProperty('value', 'Kovács és Fiú Kft.');
  });

  it('editing an open order: a quantity-only change goes as orders.setItems', async () => {
    const fake = installFake(
      handlers({
        'orders.get': ({ id }) => ({
          id, local: false, serverId: id, status: 'open', contactId: KOVACS.id, contactName: KOVACS.name, warehouse: 'Default', currency: 'HUF', issuedDate: '2026-11-20',
          totals: { net: 3702, vat: 1000, gross: 4702 }, outboxState: null, refusal: null, invoice: null, madeBy: null,
          header: { warehouse: 'Default', shipping_aim: 'Sale', method: 'cash', issued_date: '2026-11-20', selected_account: '11773016-11111018-00000000', contact_id: KOVACS.id, currency: 'HUF' },
          lines: [{ productId: 101, quantity: 3, customPrice: null, discount: 0, name: 'Szűrőbetét', unit: 'db', vat: 27, unitPrice: 1234, net: 3702, vatAmount: 1000, gross: 4702 }],
        }),
        'orders.setItems': ({ id }) => ({ id }),
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderBilling('/orders/42');
    const qty = await screen.findByRole('textbox', { name: 'Szűrőbetét mennyisége' });
    await user.clear(qty);
    await user.type(qty, '5');
    await user.keyboard('{Control>}s{/Control}');
    await screen.findByText(/A rendelést nyitottként mentettük/);
    expect(fake.requests('orders.setItems')).toEqual([{ id: 42, products: [{ productId: 101, newQuantity: 5 }] }]);
    expect(fake.requests('orders.save')).toHaveLength(0);
  });
});
