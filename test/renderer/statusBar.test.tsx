// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { StatusBar } from '@renderer/app/StatusBar';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

describe('status bar', () => {
  it('shows online, what waits to be sent and the last sync', async () => {
    const api = new FakeApi();
    api.status = { ...api.status, outbox: { queued: 3, inFlight: 1, needsAttention: 0 } };
    renderScreen(<StatusBar />, { api });
    expect(await screen.findByText('Online · polling')).toBeTruthy();
    expect(screen.getByTestId('sb-outbox').textContent).toBe('To send: 4');
    expect(screen.queryByTestId('sb-attention')).toBeNull();
    expect(screen.getByText(/^Last sync/)).toBeTruthy();
  });

  it('follows the core: offline, needs-attention link to the sync centre, progress of a long sync', async () => {
    const api = new FakeApi();
    renderScreen(<StatusBar />, { api });
    await screen.findByText('Online · polling');
    act(() =>
      api.emit('sync.status', {
        ...api.status,
        online: false,
        outbox: { queued: 5, inFlight: 0, needsAttention: 2 },
        progress: { phase: 'products', done: 2000, total: 8000 },
      }),
    );
    expect(await screen.findByText('Offline')).toBeTruthy();
    const attention = screen.getByTestId('sb-attention');
    expect(attention.textContent).toBe('Needs attention: 2');
    expect(attention.getAttribute('href')).toBe('/sync');
    const progress = screen.getByTestId('sb-progress');
    expect(progress.textContent).toContain('Products: 2,000 / 8,000');
    expect(within(progress).getByRole('progressbar').getAttribute('value')).toBe('25');
  });

  it('says live, polling or offline, and what live means', async () => {
    const api = new FakeApi();
    renderScreen(<StatusBar />, { api });
    await screen.findByText('Online · polling');
    act(() => api.emit('sync.status', { ...api.status, live: 'live' }));
    const live = await screen.findByText('Online · live');
    const item = screen.getByTestId('sb-connection');
    expect(live).toBeTruthy();
    expect(item.getAttribute('data-live')).toBe('live');
    expect(item.getAttribute('title')).toContain('within a second');
    act(() => api.emit('sync.status', { ...api.status, live: 'polling' }));
    await screen.findByText('Online · polling');
    expect(screen.getByTestId('sb-connection').getAttribute('title')).toContain('next sync');
    act(() => api.emit('sync.status', { ...api.status, online: false, live: 'offline' }));
    await screen.findByText('Offline');
    expect(screen.getByTestId('sb-connection').getAttribute('data-live')).toBe('offline');
  });

  it('says when the first download of the catalogue is running', async () => {
    const api = new FakeApi();
    api.status = { ...api.status, mirrored: false, lastPullAt: null, progress: { phase: 'contacts', done: 10, total: null } };
    renderScreen(<StatusBar />, { api });
    expect(await screen.findByText('Downloading the catalogue for offline work…')).toBeTruthy();
    expect(screen.getByText('Not synced yet')).toBeTruthy();
    expect(screen.getByTestId('sb-progress').textContent).toContain('Contacts: 10');
  });

  it('an outbox event updates the counts without a new status', async () => {
    const api = new FakeApi();
    renderScreen(<StatusBar />, { api });
    await screen.findByText('Online · polling');
    act(() => api.emit('outbox.changed', { queued: 7, inFlight: 0, needsAttention: 1 }));
    await waitFor(() => expect(screen.getByTestId('sb-outbox').textContent).toBe('To send: 7'));
    expect(screen.getByTestId('sb-attention').textContent).toBe('Needs attention: 1');
  });

  it('speaks Hungarian when the setting says so', async () => {
    const api = new FakeApi();
    api.status = { ...api.status, online: false, outbox: { queued: 2, inFlight: 0, needsAttention: 1 } };
    renderScreen(<StatusBar />, { api, language: 'hu' });
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByTestId('sb-outbox').textContent).toBe('Küldésre vár: 2');
    expect(screen.getByTestId('sb-attention').textContent).toBe('Beavatkozást igényel: 1');
  });
});
