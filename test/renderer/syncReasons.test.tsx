// @vitest-environment jsdom
/**
 * The sync centre's refusal card with a reason (jsdom, FakeApi): worded in Hungarian with its
 * figures, the fixes that fit, raw data only behind "advanced"; the discard dialog names what goes
 * with the entry and what goes on before anything is discarded.
 */
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
  id: 1, method: 'setQuantity', summary: 'Wasting 15 × Szűrőbetét from Default', summaryData: { kind: 'wasting', args: { quantity: 15, product: 'Szűrőbetét', place: 'Default' } },
  state: 'needs_attention', attempts: 1, nextAttemptAt: null, createdAt: '2026-11-22T09:00:00.000Z',
  lastError: 'Cannot waste 15 of product 1 (Szűrőbetét) in Default: only 4 is deliverable.', errorCode: 'CONFLICT',
  errorDetails: [{ field: 'quantity', message: 'only 4 deliverable' }],
  reason: { reason: 'insufficient_stock', figures: { product_id: 1, product_name: 'Szűrőbetét', warehouse: 'Default', requested: 15, available: 4 } },
  blockedBy: null, countConflict: null, params: { product_id: 1, quantity: -15, contact_id: 7, warehouse: 'Default' }, ...over,
});

function setup(entries: OutboxEntryView[]) {
  const api = new FakeApi();
  api.outbox = entries;
  return { ...renderScreen(<SyncScreen />, { api, language: 'hu' }), user: userEvent.setup() };
}

describe('sync centre: refusals with a reason', () => {
  it('words the refusal in Hungarian; “take what is available” asks the core for that fix; raw data only behind advanced', async () => {
    const { api, user } = setup([entry({})]);
    const card = await screen.findByTestId('attention-1');
    expect(within(card).getByTestId('reason').textContent).toBe('Nincs elég készlet: Szűrőbetét, Alapértelmezett raktár — 15 kellene, 4 van.');
    expect(within(card).queryByTestId('server-message')).toBeNull();
    expect(within(card).queryByTestId('attention-edit')).toBeNull();
    expect(card.textContent).not.toMatch(/setQuantity|product_id|Cannot waste/);
    await user.click(within(card).getByTestId('attention-advanced'));
    expect(within(card).getByTestId('server-message').textContent).toContain('Cannot waste 15');
    expect(within(card).getByTestId('attention-edit')).toBeTruthy();
    await user.click(within(card).getByTestId('fix-take-available'));
    await waitFor(() => expect(api.callsOf('outbox.fix')).toEqual([{ id: 1, fix: { kind: 'take_available' } }]));
  });

  it('offers no “take what is available” when nothing is there', async () => {
    setup([entry({ reason: { reason: 'insufficient_stock', figures: { product_id: 3, warehouse: 'Default', requested: 2, available: 0 } }, params: { product_id: 3, quantity: -2, contact_id: 7, warehouse: 'Default' } })]);
    const card = await screen.findByTestId('attention-1');
    expect(within(card).getByTestId('reason').textContent).toBe('Nincs elég készlet: #3, Alapértelmezett raktár — 2 kellene, 0 van.');
    expect(within(card).queryByTestId('fix-take-available')).toBeNull();
  });

  it('the discard dialog names what goes with the entry and what goes on', async () => {
    const { api, user } = setup([entry({})]);
    const needs = entry({ id: 2, state: 'needs_attention', blockedBy: 1, reason: null, summaryData: { kind: 'wasting', args: { quantity: 2, product: 'Szűrőbetét', place: 'Pince' } } });
    const goesOn = entry({ id: 3, state: 'needs_attention', blockedBy: 1, reason: null, summaryData: { kind: 'takeIn', args: { quantity: 3, product: 'Szűrőbetét', place: 'Default' } } });
    api.discardPlans.set(1, { discard: [needs], goesOn: [goesOn] });
    const card = await screen.findByTestId('attention-1');
    await user.click(within(card).getByTestId('attention-discard'));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('discard-also').textContent).toBe('Selejtezés: 2 × Szűrőbetét, innen: Pince'));
    expect(within(dialog).getByTestId('discard-goes-on').textContent).toBe('Bevételezés: 3 × Szűrőbetét → Default');
    expect(api.callsOf('outbox.discard')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Elvetés' }));
    await waitFor(() => expect(api.callsOf('outbox.discard')).toEqual([{ id: 1 }]));
  });

  it('the discard dialog follows the queue while it is open: an entry sent meanwhile leaves its list', async () => {
    const { api, user } = setup([entry({})]);
    const goesOn = entry({ id: 3, state: 'queued', blockedBy: null, reason: null, summaryData: { kind: 'takeIn', args: { quantity: 3, product: 'Szűrőbetét', place: 'Default' } } });
    api.discardPlans.set(1, { discard: [], goesOn: [goesOn] });
    const card = await screen.findByTestId('attention-1');
    await user.click(within(card).getByTestId('attention-discard'));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('discard-goes-on').textContent).toBe('Bevételezés: 3 × Szűrőbetét → Default'));
    // The sync engine sends entry 3 while the clerk reads: the core says the outbox changed.
    api.discardPlans.set(1, { discard: [], goesOn: [] });
    api.emit('outbox.changed', { queued: 0, inFlight: 0, needsAttention: 1 });
    await waitFor(() => expect(within(dialog).queryByTestId('discard-goes-on')).toBeNull());
    expect(within(dialog).getByRole('button', { name: 'Elvetés' })).toBeTruthy();
  });
});
