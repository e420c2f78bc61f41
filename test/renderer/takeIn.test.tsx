// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TakeInScreen } from '@renderer/screens/warehouse/takein/TakeInScreen';
import { FakeApi } from './fakeApi';
import { keysApart, renderScreen } from './render';

let undoClock = () => undefined as void;
beforeEach(() => void (undoClock = keysApart(4)));
afterEach(() => {
  cleanup();
  undoClock();
});

async function setup(api = new FakeApi()) {
  const before = api.callsOf('drafts.get').length;
  const r = renderScreen(<TakeInScreen />, { api });
  const user = userEvent.setup();
  // The stored draft is read first; scans before that would be overwritten by it.
  await waitFor(() => expect(api.callsOf('drafts.get')).toHaveLength(before + 1));
  await waitFor(() => expect(screen.getByRole('option', { name: 'Default warehouse' })).toBeTruthy());
  return { ...r, user };
}

const scan = async (user: ReturnType<typeof userEvent.setup>, code: string) => {
  await user.click(screen.getByTestId('scan-input'));
  await user.keyboard(`${code}{Enter}`);
};

const lines = () => screen.queryByTestId('takein-lines');
const qtyOf = (name: string) => screen.getByLabelText(`Quantity — ${name}`) as HTMLInputElement;

async function pickSupplier(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('combobox', { name: /Supplier/ }), 'Szál');
  await user.click(await screen.findByRole('option', { name: /Szállító Kft\./ }));
}

describe('stock take-in', () => {
  it('a scan adds a line of 1, scanning the same product again adds one more, an unknown code says so', async () => {
    const { user } = await setup();
    await scan(user, '5990000000011');
    await waitFor(() => expect(qtyOf('Szűrőbetét').value).toBe('1'));
    await scan(user, '5990000000011');
    await waitFor(() => expect(qtyOf('Szűrőbetét').value).toBe('2'));
    await scan(user, 'IT-2');
    await waitFor(() => expect(qtyOf('Csavar M6').value).toBe('1'));
    expect(within(lines() as HTMLElement).getAllByRole('row')).toHaveLength(3);
    await scan(user, '4000000000000');
    expect((await screen.findByRole('alert')).textContent).toContain('No product with the code 4000000000000.');
    expect(screen.getByRole('link', { name: 'Create a product with this code' }).getAttribute('href')).toBe('/products/new?code=4000000000000');
  });

  it('shows what is missing next to the field and sends nothing', async () => {
    const { user, api } = await setup();
    await user.click(screen.getByTestId('takein-post'));
    expect(await screen.findByText('Add at least one line: scan a product or search for one.')).toBeTruthy();
    await scan(user, '5990000000011');
    await user.clear(await screen.findByLabelText('Quantity — Szűrőbetét'));
    await user.type(qtyOf('Szűrőbetét'), '0');
    await user.clear(screen.getByLabelText('Curr. — Szűrőbetét'));
    await user.type(screen.getByLabelText('Curr. — Szűrőbetét'), 'EUR');
    await user.click(screen.getByTestId('takein-post'));
    const supplier = screen.getByRole('combobox', { name: /Supplier/ });
    expect(supplier.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(supplier.getAttribute('aria-describedby') ?? '')?.textContent).toBe('is required');
    expect(qtyOf('Szűrőbetét').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('must be greater than 0')).toBeTruthy();
    expect(screen.getByText('is needed when the currency is not HUF')).toBeTruthy();
    expect(api.callsOf('stock.takeIn')).toHaveLength(0);
  });

  it('posts the receipt with numbers as typed, then shows the stock as pending', async () => {
    const { user, api } = await setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /Warehouse/ }), 'Default');
    await pickSupplier(user);
    await scan(user, '5990000000011');
    await user.clear(await screen.findByLabelText('Quantity — Szűrőbetét'));
    await user.type(qtyOf('Szűrőbetét'), '2,5');
    await user.type(screen.getByLabelText('Purchase price — Szűrőbetét'), '12,40');
    await user.clear(screen.getByLabelText('Curr. — Szűrőbetét'));
    await user.type(screen.getByLabelText('Curr. — Szűrőbetét'), 'eur');
    await user.type(screen.getByLabelText('FX rate — Szűrőbetét'), '395.5');
    await user.type(screen.getByLabelText('Batch no. — Szűrőbetét'), 'B-77');
    await user.type(screen.getByLabelText('Origin — Szűrőbetét'), 'de');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsOf('stock.takeIn')).toHaveLength(1));
    expect(api.callsOf('stock.takeIn')[0]).toEqual({
      warehouse: 'Default',
      stockLabel: '',
      contactId: 7,
      lines: [{ productId: 1, quantity: 2.5, price: 12.4, currency: 'EUR', fxRate: 395.5, batchNo: 'B-77', countryCode: 'DE' }],
    });
    const posted = await screen.findByTestId('takein-posted');
    expect(posted.textContent).toContain('Posted: 1 stock changes are queued');
    await waitFor(() => expect(within(posted).getByTestId('stock-1').textContent).toContain('12.5+2.5 pending'));
    expect(lines()).toBeNull();
    // The posted lines leave the draft; the place stays for the next delivery.
    await waitFor(() => expect(api.drafts.get('warehouse.takeIn')).toMatchObject({ warehouse: 'Default', lines: [] }));
  });

  it('puts the core’s field errors next to their cells and keeps what was typed', async () => {
    const { user, api } = await setup();
    await user.selectOptions(screen.getByRole('combobox', { name: /Warehouse/ }), 'Default');
    await pickSupplier(user);
    await scan(user, '5990000000011');
    await screen.findByLabelText('Quantity — Szűrőbetét');
    api.failNext('stock.takeIn', { message: 'lines[0].quantity must be at most 1000000000', details: [{ field: 'lines[0].quantity', message: 'must be at most 1000000000' }] });
    await user.click(screen.getByTestId('takein-post'));
    expect(await screen.findByText('must be at most 1000000000')).toBeTruthy();
    expect(qtyOf('Szűrőbetét').getAttribute('aria-invalid')).toBe('true');
    expect(qtyOf('Szűrőbetét').value).toBe('1');
  });

  it('the receipt survives the screen going away (a crash, a restart) as a draft', async () => {
    const api = new FakeApi();
    const first = await setup(api);
    await scan(first.user, '5990000000011');
    await first.user.type(await screen.findByLabelText('Batch no. — Szűrőbetét'), 'LOT-9');
    first.unmount();
    await waitFor(() => expect(api.drafts.get('warehouse.takeIn')).toMatchObject({ lines: [{ productId: 1, batchNo: 'LOT-9' }] }));
    cleanup();
    await setup(api);
    expect(await screen.findByText('Restored what you typed earlier.')).toBeTruthy();
    expect((screen.getByLabelText('Batch no. — Szűrőbetét') as HTMLInputElement).value).toBe('LOT-9');
  });
});
