// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFake, invoiceRow, MULLER, plain, renderBilling, type Handlers } from './harness';

// pdf.js itself runs in the end-to-end tests; here a two-page stand-in with a text layer.
const fakePdf = vi.hoisted(() => {
  class TextLayer {
    constructor(private readonly o: { container: HTMLElement }) {}
    render() {
      const span = document.createElement('span');
      span.textContent = 'SD-2026/000123 109 546 Ft';
      this.o.container.append(span);
      return Promise.resolve();
    }
    cancel() {}
  }
  const page = {
    getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale, scale }),
    render: () => ({ promise: Promise.resolve(), cancel: () => undefined }),
    streamTextContent: () => ({}),
  };
  return { opened: [] as string[], pdfjs: { TextLayer, RenderingCancelledException: class extends Error {} }, doc: { numPages: 2, getPage: async () => page, destroy: async () => undefined } };
});
vi.mock('@renderer/components/pdf/pdfjs', () => ({
  openPdf: async (b64: string) => {
    fakePdf.opened.push(b64);
    return { pdfjs: fakePdf.pdfjs, doc: fakePdf.doc };
  },
}));
vi.mock('@renderer/components/pdf/printPages', () => ({ preparePrint: async () => () => undefined }));

afterEach(cleanup);

const PDF = 'JVBERi0xLjcKJcfs';

const handlers = (extra: Handlers = {}): Handlers => ({
  'invoices.get': ({ id }) => ({ row: invoiceRow({ id }), detail: null }),
  'invoices.pdf': ({ id }) => ({ filename: `SD-2026-000123-${id}.pdf`, pdf: PDF, draft: false }),
  'invoices.storno': () => ({ id: -2 }),
  'invoices.pay': () => ({ entryId: 9 }),
  'shell.print': () => ({ printed: true }),
  'shell.savePdf': () => ({ saved: true, path: 'SD-2026-000123.pdf' }),
  ...extra,
});

describe('invoice page', () => {
  it('storno asks first, showing number, customer and total; cancel does nothing', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/501', 'hu');
    await user.click(await screen.findByRole('button', { name: 'Sztornó…' }));
    const dialog = screen.getByRole('dialog', { name: 'Sztornózza ezt a számlát?' });
    const what = plain(within(dialog).getByTestId('storno-what').textContent);
    expect(what).toContain('SD-2026/000123');
    expect(what).toContain('Kovács és Fiú Kft.');
    expect(what).toContain('109 546 Ft');
    // Destructive: the safe answer has the focus, and Escape is "no".
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Mégse' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.requests('invoices.storno')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sztornó…' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sztornó kiállítása' }));
    await waitFor(() => expect(fake.requests('invoices.storno')).toEqual([{ id: 501 }]));
  });

  it('a partly paid invoice: the storno reverses the payments first, as the server requires', async () => {
    const fake = installFake(handlers({ 'invoices.get': ({ id }) => ({ row: invoiceRow({ id, status: 'partially_paid', balance: 59546 }), detail: null }) }));
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/501', 'hu');
    await user.click(await screen.findByRole('button', { name: 'Sztornó…' }));
    const dialog = screen.getByRole('dialog');
    // 109 546 − 59 546 = 50 000 paid.
    expect(plain(dialog.textContent)).toContain('A számlán 50 000 Ft befizetés szerepel');
    await user.click(within(dialog).getByRole('button', { name: 'Sztornó kiállítása' }));
    await waitFor(() => expect(fake.requests('invoices.storno')).toEqual([{ id: 501 }]));
    const order = fake.calls.filter((c) => c.channel === 'invoices.pay' || c.channel === 'invoices.storno').map((c) => c.channel);
    expect(order).toEqual(['invoices.pay', 'invoices.storno']);
    expect(fake.requests('invoices.pay')[0]).toMatchObject({ id: 501, amount: -50000 });
  });

  it('a payment is checked against the currency’s decimals, then recorded', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/501', 'hu');
    await user.click(await screen.findByRole('button', { name: 'Befizetés rögzítése' }));
    const amount = screen.getByRole('textbox', { name: 'Összeg (HUF)' });
    expect(amount).toHaveProperty('value', '109546');
    await user.clear(amount);
    await user.type(amount, '50 000,5');
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }));
    expect(screen.getByText('Túl sok tizedesjegy (HUF).')).toBeTruthy();
    expect(fake.requests('invoices.pay')).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '50 000');
    await user.click(screen.getByRole('button', { name: 'Rögzítés' }));
    expect(await screen.findByText('50 000 Ft befizetés rögzítve.')).toBeTruthy();
    expect(fake.requests('invoices.pay')[0]).toMatchObject({ id: 501, amount: 50000 });
  });

  it('the PDF opens in the viewer: pages, text layer, print and save through the shell', async () => {
    const fake = installFake(handlers());
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices/501', 'en');
    const viewer = await screen.findByRole('region', { name: 'PDF SD-2026-000123-501.pdf' });
    await waitFor(() => expect(viewer.getAttribute('data-ready')).toBe('true'));
    expect(within(viewer).getByText('Page 1 of 2')).toBeTruthy();
    expect(within(viewer).getAllByText('SD-2026/000123 109 546 Ft')).toHaveLength(2);
    expect(fakePdf.opened).toContain(PDF);
    expect(within(viewer).queryByRole('note')).toBeNull();

    await user.click(within(viewer).getByRole('button', { name: 'Zoom in' }));
    expect(within(viewer).getByRole('button', { name: '150 %' })).toBeTruthy();
    await user.click(within(viewer).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(fake.requests('shell.print')).toHaveLength(1));
    await user.click(within(viewer).getByRole('button', { name: 'Save as file' }));
    expect(await within(viewer).findByText('Saved to SD-2026-000123.pdf.')).toBeTruthy();
    expect(fake.requests('shell.savePdf')).toEqual([{ filename: 'SD-2026-000123-501.pdf', pdf: PDF }]);

    // Another language for this copy asks the core for that PDF.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Copy in' }), 'de_DE');
    await waitFor(() => expect(fake.requests('invoices.pdf').some((r) => r.language === 'de_DE')).toBe(true));
  });

  it('an invoice issued offline shows its draft preview, marked as not yet numbered', async () => {
    installFake(
      handlers({
        'invoices.get': ({ id }) => ({ row: invoiceRow({ id, local: true, serverId: null, invoiceNumber: null, outboxState: 'queued' }), detail: null }),
        'invoices.pdf': () => ({ filename: 'draft-invoice-7.pdf', pdf: PDF, draft: true }),
      }),
    );
    renderBilling('/invoices/-7', 'hu');
    expect((await screen.findAllByText('Még nincs sorszáma')).length).toBeGreaterThan(0);
    expect(await screen.findByRole('note')).toHaveProperty('textContent', 'Piszkozat előnézet — még nincs sorszáma. A számla a szerverrel való szinkronizáláskor kap sorszámot.');
    expect(screen.getByText('Küldésre vár')).toBeTruthy();
  });
});

describe('invoice list and dues', () => {
  it('lists by date range with totals, balances and overdue marking; filters by status', async () => {
    const fake = installFake({
      'invoices.list': ({ status }) =>
        [
          invoiceRow({ id: 1, invoiceNumber: 'SD-2026/000101', status: 'unpaid', overdue: true, balance: 109546 }),
          invoiceRow({ id: 2, invoiceNumber: 'SD-2026/000102', status: 'partially_paid', total: 1000, balance: 400 }),
          invoiceRow({ id: 3, invoiceNumber: null, local: true, status: 'unpaid', outboxState: 'queued', total: 5294, balance: 5294 }),
        ].filter((r) => !status || r.status === status),
    });
    const user = userEvent.setup({ delay: null });
    renderBilling('/invoices', 'hu');
    const overdue = await screen.findByTestId('invoice-row-1');
    expect(overdue.className).toContain('billing-overdue');
    expect(within(overdue).getByText('Lejárt')).toBeTruthy();
    expect(within(screen.getByTestId('invoice-row-3')).getByText('Még nincs sorszáma')).toBeTruthy();
    // 109 546 + 400 + 5294 = 115 240, summed with @shared/money.
    expect(plain(screen.getByRole('table').querySelector('tfoot')?.textContent)).toContain('115 240 Ft');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Állapot' }), 'partially_paid');
    await waitFor(() => expect(screen.queryByTestId('invoice-row-1')).toBeNull());
    expect(fake.requests('invoices.list').at(-1)).toMatchObject({ status: 'partially_paid' });
  });

  it('dues: outstanding and overdue per customer, the letter in a chosen language', async () => {
    const fake = installFake({
      'contacts.get': () => MULLER,
      'dues.list': () => [{ contactId: 14, name: 'Müller Handels GmbH', invoiceCount: 2, pending: false, currencies: [{ currency: 'HUF', outstanding: 115240, overdue: 109546, oldestDueDate: '2026-11-10' }] }],
      'dues.letter': ({ contactId, language }) => ({
        contact_id: contactId, language, date: '2026-11-22', subject: language === 'en_US' ? 'Payment reminder' : 'Fizetési felszólítás',
        seller: { name: 'S', country_code: 'HU', postal_code: '1', city: 'B', street: 's' }, buyer: { name: 'K', country_code: 'HU', postal_code: '1', city: 'G', street: 's' },
        opening: [], invoices: [], totals: [{ currency: 'HUF', outstanding: 115240, overdue: 109546 }], closing: [], filename: 'reminder.pdf', pdf: PDF,
      }),
    });
    const user = userEvent.setup({ delay: null });
    renderBilling('/dues', 'hu');
    const row = await screen.findByTestId('due-row-14');
    expect(plain(row.textContent)).toContain('115 240 Ft');
    expect(plain(row.textContent)).toContain('109 546 Ft');
    await user.click(row);
    // A German customer: the letter starts out German; the clerk chooses English for this one.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'A levél nyelve' })).toHaveProperty('value', 'de_DE'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'A levél nyelve' }), 'en_US');
    await user.click(screen.getByRole('button', { name: 'Felszólítás: Müller Handels GmbH' }));
    expect(await screen.findByTestId('letter-subject')).toHaveProperty('textContent', 'Payment reminder');
    expect(fake.requests('dues.letter')).toEqual([{ contactId: 14, language: 'en_US' }]);
    // Saved under a name in the clerk's language, not the server's "payment-reminder-14-….pdf".
    expect(await screen.findByRole('region', { name: 'PDF: Fizetési felszólítás – K – 2026-11-22.pdf' })).toBeTruthy();
  });
});
