// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CountScreen } from '@renderer/screens/warehouse/count/CountScreen';
import { FakeApi } from './fakeApi';
import { keysApart, renderScreen } from './render';

let undoClock = () => undefined as void;
beforeEach(() => {
  undoClock = keysApart(4);
  // jsdom lays nothing out; the virtual list needs a box to draw rows into.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  cleanup();
  undoClock();
  vi.restoreAllMocks();
});

describe('stock count', () => {
  it('opens a sheet, counts by scan and by typing, and posts exactly the differences', async () => {
    const api = new FakeApi();
    renderScreen(<CountScreen />, { api, path: '/count', route: '/count/*' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Default warehouse' });
    await user.selectOptions(screen.getByRole('combobox', { name: /Warehouse/ }), 'Default');
    await user.click(screen.getByTestId('count-start'));
    await screen.findByRole('heading', { name: 'Stock count: Default' });
    await user.click(screen.getByTestId('scan-input'));
    for (let i = 0; i < 3; i++) await user.keyboard('5990000000011{Enter}');
    await waitFor(() => expect((screen.getByTestId('counted-1') as HTMLInputElement).value).toBe('3'));
    expect(screen.getByTestId('diff-1').textContent).toBe('-7');
    const screws = screen.getByTestId('counted-2');
    await user.clear(screws);
    await user.type(screws, '102{Enter}');
    await waitFor(() => expect(screen.getByTestId('diff-2').textContent).toBe('+2'));
    expect(document.activeElement).toBe(screen.getByTestId('scan-input'));
    const summary = screen.getByTestId('count-summary');
    expect(summary.textContent).toContain('Counted2');
    expect(summary.textContent).toContain('Not counted1');
    await user.click(screen.getByRole('tab', { name: 'Differences' }));
    expect(screen.getByText('2 of 3 lines')).toBeTruthy();

    await user.keyboard('{Control>}{Enter}{/Control}');
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Take-in of the surplus: 2 on 1 lines');
    expect(dialog.textContent).toContain('Wasting of the shortage: 7 on 1 lines');
    expect(dialog.textContent).toContain('1 lines are not counted: their stock stays as it is.');
    const confirm = within(dialog).getByTestId('count-post-confirm');
    expect(confirm.hasAttribute('disabled')).toBe(true);
    await user.type(within(dialog).getByRole('combobox'), 'Szál');
    await user.click(await screen.findByRole('option', { name: /Szállító Kft\./ }));
    await user.click(confirm);
    await waitFor(() => expect(api.callsOf('count.post')).toHaveLength(1));
    expect(api.callsOf('count.post')[0]).toEqual({ sheetId: 1, contactId: 7 });
    expect(await screen.findByText('Count posted: 2 stock changes are queued for the server.')).toBeTruthy();
  });

  it('says so when a scanned code is not in the catalogue', async () => {
    const api = new FakeApi();
    api.sheets.push({ id: 5, warehouse: 'Default', stockLabel: 'A-01', createdAt: '2026-11-22T09:00:00.000Z', lines: [] });
    renderScreen(<CountScreen />, { api, path: '/count/5', route: '/count/*' });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Stock count: Default · A-01' });
    await user.click(screen.getByTestId('scan-input'));
    await user.keyboard('4000000000000{Enter}');
    expect(await screen.findByText('No product with the code 4000000000000.')).toBeTruthy();
  });
});
