// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductsScreen } from '@renderer/screens/warehouse/products/ProductsScreen';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const errorOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

async function openNew(api = new FakeApi(), path = '/products/new') {
  const r = renderScreen(<ProductsScreen />, { api, path: path, route: '/products/*' });
  await screen.findByRole('heading', { name: 'New product' });
  await waitFor(() => expect(api.callsOf('drafts.get').length).toBeGreaterThan(0));
  return { ...r, user: userEvent.setup() };
}

describe('product form', () => {
  it('checks with the shared setProduct schema and shows each error at its field', async () => {
    const { user, api } = await openNew();
    await user.clear(field('VAT %'));
    await user.type(field('EAN'), '12345');
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(errorOf(field('Name'))).toBe('is required'));
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field('VAT %'))).toBe('is required');
    expect(errorOf(field('EAN'))).toBe('must be 8, 12, 13 or 14 digits');
    expect(api.callsOf('products.save')).toHaveLength(0);
    // What was typed survives the failed check.
    expect(field('EAN').value).toBe('12345');
  });

  it('a take-in with the product needs a warehouse, a supplier, and an FX rate for a foreign currency', async () => {
    const { user, api } = await openNew();
    await user.type(field('Name'), 'Kesztyű');
    await user.type(field('Quantity'), '5');
    await user.type(screen.getAllByLabelText('Currency')[1] as HTMLElement, '{Backspace>3}EUR');
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(errorOf(screen.getByRole('combobox', { name: 'Warehouse' }))).toBe('is required for a take-in'));
    expect(errorOf(screen.getByRole('combobox', { name: 'Supplier' }))).toBe('is required for a take-in');
    expect(errorOf(field('FX rate'))).toBe('is needed when the currency is not HUF');
    expect(api.callsOf('products.save')).toHaveLength(0);
  });

  it('saves numbers as numbers, with the take-in fields, and goes back to the catalogue', async () => {
    const { user, api } = await openNew();
    await user.type(field('Name'), 'Teszt csavar');
    await user.type(field('EAN'), '5990000000993');
    await user.type(field('List price'), '1234,5');
    await user.type(field('Tags'), 'csavar, akció');
    await user.type(field('Quantity'), '10');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warehouse' }), 'Budapest');
    await user.type(screen.getByRole('combobox', { name: 'Supplier' }), 'Szál');
    await user.click(await screen.findByRole('option', { name: /Szállító Kft\./ }));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsOf('products.save')).toHaveLength(1));
    expect(api.callsOf('products.save')[0]).toEqual({
      product: {
        product_name: 'Teszt csavar', ean_number: '5990000000993', unit: 'pcs', currency: 'HUF', vat: 27, list_price: 1234.5, tags: ['csavar', 'akció'],
        service: 0, action: 0, takein_quantity: 10, takein_warehouse: 'Budapest', takein_currency: 'HUF', takein_contact_id: 7,
      },
    });
    expect(await screen.findByText('Product saved. It is sent to the server with the next sync.')).toBeTruthy();
  });

  it('shows the core’s refusal next to the field it names', async () => {
    const { user, api } = await openNew(new FakeApi(), '/products/new?code=IT-77');
    expect(field('Item no.').value).toBe('IT-77');
    await user.type(field('Name'), 'Valami');
    api.failNext('products.save', { code: 'CONFLICT', message: 'item number taken', details: [{ field: 'product.item_number', message: 'is already used by product 12' }] });
    await user.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(errorOf(field('Item no.'))).toBe('is already used by product 12'));
    expect(screen.getByTestId('error-notice').textContent).toContain('The server refused this: its data has changed meanwhile or does not allow it.');
  });

  it('keeps a half-typed product as a draft across a restart', async () => {
    const api = new FakeApi();
    const first = await openNew(api);
    await first.user.type(field('Name'), 'Félkész termék');
    first.unmount();
    await waitFor(() => expect(api.drafts.get('warehouse.product.new')).toMatchObject({ product_name: 'Félkész termék' }));
    cleanup();
    await openNew(api);
    await waitFor(() => expect(field('Name').value).toBe('Félkész termék'));
    expect(screen.getByText('Restored what you typed earlier.')).toBeTruthy();
  });
});
