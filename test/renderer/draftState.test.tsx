// @vitest-environment jsdom
/**
 * lib/drafts useDraftState, the draft of the take-in, transfer, receiving and PO receipt screens:
 * what the clerk does before the stored draft is back from the core is applied to it when it comes,
 * and nothing is written before that read (a write could reach the core first and replace the draft).
 * The screens themselves are covered end to end in test/e2e/drafts.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useDraftState } from '@renderer/lib/drafts';
import type { StockdeskApi } from '@shared/ipc';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

interface Receipt {
  bin: string;
  lines: string[];
}
const EMPTY: Receipt = { bin: '', lines: [] };
const isReceipt = (v: unknown): v is Receipt => typeof v === 'object' && v !== null && Array.isArray((v as Receipt).lines);

function ReceiptForm() {
  const draft = useDraftState<Receipt>('test.receipt', EMPTY, isReceipt);
  const d = draft.value;
  return (
    <div>
      {draft.loaded ? <p>loaded</p> : null}
      {draft.restored ? <p>restored</p> : null}
      <label>
        Bin
        <input value={d.bin} onChange={(e) => { const bin = e.target.value; draft.set((prev) => ({ ...prev, bin })); }} />
      </label>
      <button type="button" onClick={() => draft.set((prev) => ({ ...prev, lines: [...prev.lines, 'scanned'] }))}>scan</button>
      <button type="button" onClick={() => draft.set(EMPTY)}>new receipt</button>
      <p data-testid="lines">{d.lines.join(', ')}</p>
    </div>
  );
}

/** A fake core whose answer to drafts.get waits for `release`. */
function slowDrafts(stored: Receipt | null) {
  const api = new FakeApi();
  if (stored) api.drafts.set('test.receipt', stored);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const invoke = api.invoke;
  api.invoke = (async (channel, request) => {
    if (channel === 'drafts.get') await released;
    return invoke(channel, request);
  }) as StockdeskApi['invoke'];
  return { api, release: () => act(async () => release()) };
}

const lines = () => screen.getByTestId('lines').textContent;

describe('useDraftState: the clerk works before the stored draft is back', () => {
  it('a bin typed and a line scanned meanwhile join the stored lines; nothing is written before the read', async () => {
    const { api, release } = slowDrafts({ bin: '', lines: ['stored A', 'stored B'] });
    renderScreen(<ReceiptForm />, { api });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Bin'), 'B-07');
    await user.click(screen.getByRole('button', { name: 'scan' }));
    expect(lines()).toBe('scanned');
    // Longer than the writer's delay: still nothing written while the read is on its way.
    await new Promise((r) => setTimeout(r, 600));
    expect(api.callsOf('drafts.set')).toHaveLength(0);
    await release();
    await screen.findByText('loaded');
    expect(lines()).toBe('stored A, stored B, scanned');
    expect((screen.getByLabelText('Bin') as HTMLInputElement).value).toBe('B-07');
    expect(screen.getByText('restored')).toBeTruthy();
    await waitFor(() => expect(api.drafts.get('test.receipt')).toEqual({ bin: 'B-07', lines: ['stored A', 'stored B', 'scanned'] }));
  });

  it('a new receipt started meanwhile (a whole value) replaces the stored one', async () => {
    const { api, release } = slowDrafts({ bin: 'A-01', lines: ['stored A'] });
    renderScreen(<ReceiptForm />, { api });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'new receipt' }));
    await user.click(screen.getByRole('button', { name: 'scan' }));
    await release();
    await screen.findByText('loaded');
    expect(lines()).toBe('scanned');
    await waitFor(() => expect(api.drafts.get('test.receipt')).toEqual({ bin: '', lines: ['scanned'] }));
  });

  it('with no stored draft the early work stays and is written once the read is back', async () => {
    const { api, release } = slowDrafts(null);
    renderScreen(<ReceiptForm />, { api });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'scan' }));
    await release();
    await screen.findByText('loaded');
    expect(lines()).toBe('scanned');
    expect(screen.queryByText('restored')).toBeNull();
    await waitFor(() => expect(api.drafts.get('test.receipt')).toEqual({ bin: '', lines: ['scanned'] }));
  });
});
