// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxEntryView } from '@shared/ipc';
import { SyncScreen } from '@renderer/screens/system/sync/SyncScreen';
import { fixesFor } from '@main/core/outbox/fixes';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

// The fixes come from the core's own table, as the core's outbox view carries them.
const withFixes = (e: Omit<OutboxEntryView, 'fixes'> & { fixes?: OutboxEntryView['fixes'] }): OutboxEntryView => ({
  ...e, fixes: e.fixes ?? (e.state === 'needs_attention' && e.blockedBy === null ? fixesFor({ method: e.method, params: e.params, reason: e.reason ?? null }) : []),
});

const entry = (over: Partial<OutboxEntryView>): OutboxEntryView => withFixes({
  id: 1, method: 'setQuantity', summary: 'Wasting 50 × Makita from Budapest', summaryData: null, state: 'needs_attention', attempts: 1, nextAttemptAt: null,
  createdAt: '2026-11-22T09:00:00.000Z', lastError: 'Cannot waste 50 of product 3 (Makita) in Budapest: only 4 is deliverable.', errorCode: 'CONFLICT',
  errorDetails: [{ field: 'quantity', message: 'exceeds the deliverable 4' }], blockedBy: null, countConflict: null,
  params: { product_id: 3, quantity: -50, contact_id: 7, warehouse: 'Budapest' }, ...over,
});

function setup(entries: OutboxEntryView[]) {
  const api = new FakeApi();
  api.outbox = entries;
  api.status = { ...api.status, outbox: { queued: 0, inFlight: 0, needsAttention: entries.filter((e) => e.state === 'needs_attention').length } };
  return { ...renderScreen(<SyncScreen />, { api }), user: userEvent.setup() };
}

describe('sync centre', () => {
  it('shows a refused command with the server’s words, and fixes its parameters', async () => {
    const { api, user } = setup([entry({})]);
    const card = await screen.findByTestId('attention-1');
    expect(within(card).getByTestId('server-message').textContent).toBe('Cannot waste 50 of product 3 (Makita) in Budapest: only 4 is deliverable.');
    expect(card.textContent).toContain('exceeds the deliverable 4');
    await user.click(within(card).getByTestId('attention-edit'));
    const quantity = screen.getByTestId('param-quantity') as HTMLInputElement;
    expect(quantity.value).toBe('-50');
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    await user.clear(quantity);
    await user.type(quantity, 'x');
    await user.click(screen.getByTestId('params-save'));
    expect(await screen.findByText('quantity must be a number.')).toBeTruthy();
    expect(api.callsOf('outbox.edit')).toHaveLength(0);
    await user.clear(quantity);
    await user.type(quantity, '-4');
    await user.click(screen.getByTestId('params-save'));
    await waitFor(() => expect(api.callsOf('outbox.edit')).toEqual([{ id: 1, params: { product_id: 3, quantity: -4, contact_id: 7, warehouse: 'Budapest' } }]));
  });

  it('edits the whole parameters as JSON and refuses JSON that is not an object', async () => {
    const { api, user } = setup([entry({})]);
    await user.click(await screen.findByTestId('attention-edit'));
    await user.click(screen.getByRole('tab', { name: 'JSON' }));
    const json = screen.getByTestId('params-json');
    await user.clear(json);
    await user.type(json, '[[1, 2]');
    await user.click(screen.getByTestId('params-save'));
    expect(await screen.findByText('The JSON is not valid: fix it before sending.')).toBeTruthy();
    await user.clear(json);
    await user.type(json, '{{"product_id": 3, "quantity": -2, "contact_id": 7, "warehouse": "Default"}');
    await user.click(screen.getByTestId('params-save'));
    await waitFor(() => expect(api.callsOf('outbox.edit')).toEqual([{ id: 1, params: { product_id: 3, quantity: -2, contact_id: 7, warehouse: 'Default' } }]));
  });

  it('retries, and discards only after the clerk confirms', async () => {
    const { api, user } = setup([entry({})]);
    const card = await screen.findByTestId('attention-1');
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(api.callsOf('outbox.retry')).toEqual([{ id: 1 }]));
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Discard “Wasting 50 × Makita from Budapest”?');
    // The safe choice has the focus: a stray Enter cancels.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsOf('outbox.discard')).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: 'Discard' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(api.callsOf('outbox.discard')).toEqual([{ id: 1 }]));
  });

  it('offers the three resolutions of a count conflict with their outcome', async () => {
    const { api, user } = setup([entry({ id: 2, summary: 'Count: DeWalt', errorDetails: [], countConflict: { expected: 7, serverNow: 3, counted: 9 } })]);
    const card = await screen.findByTestId('attention-2');
    expect(card.textContent).toContain('you saw 7, counted 9, the server now has 3');
    expect(within(card).getByRole('button', { name: 'Set stock to 9' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Keep the server’s 3' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Apply the difference (→ 5)' }));
    await waitFor(() => expect(api.callsOf('outbox.resolveCount')).toEqual([{ id: 2, action: 'rebase' }]));
  });

  it('words each entry in the clerk\u2019s language from its summary data, the English line only for older entries', async () => {
    const api = new FakeApi();
    api.outbox = [
      entry({ id: 5, state: 'queued', summary: 'Take-in 12345.5 × Makita into Budapest (A-01)', summaryData: { kind: 'takeIn', args: { quantity: 12345.5, product: 'Makita', place: 'Budapest (A-01)' } } }),
      entry({ id: 6, state: 'queued', summary: 'Payment 12700 HUF on SD-2026-000007', summaryData: { kind: 'payment', args: { amount: 12700, currency: 'HUF', invoice: 'SD-2026-000007' } } }),
      entry({ id: 7, state: 'queued', summary: 'Take-in 2 × DeWalt into Default', summaryData: null }),
    ];
    renderScreen(<SyncScreen />, { api, language: 'hu' });
    const table = await screen.findByTestId('outbox-table');
    const text = (table.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain('Bevételezés: 12 345,5 × Makita → Budapest (A-01)');
    expect(text).toContain('Befizetés: 12 700 Ft, SD-2026-000007');
    expect(text).toContain('Take-in 2 × DeWalt into Default');
  });

  it('lists the outbox by state', async () => {
    const { user } = setup([entry({ id: 3, state: 'retry_wait', summary: 'Take-in 3 × Makita', lastError: 'connect ECONNREFUSED' }), entry({ id: 4, state: 'done', summary: 'Take-in 2 × DeWalt', lastError: null })]);
    const table = await screen.findByTestId('outbox-table');
    expect(table.textContent).toContain('Take-in 3 × Makita');
    expect(table.textContent).toContain('Will retry');
    expect(table.textContent).not.toContain('DeWalt');
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    await waitFor(() => expect(screen.getByTestId('outbox-table').textContent).toContain('Take-in 2 × DeWalt'));
  });
});
