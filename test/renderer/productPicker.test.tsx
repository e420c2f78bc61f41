// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ProductPicker } from '@renderer/components/pickers';
import { keysApart, renderScreen } from './render';

let undoClock = () => undefined as void;
afterEach(() => {
  cleanup();
  undoClock();
});

function setup(o: { msPerKey: number; onNotFound?: (code: string) => void }) {
  undoClock = keysApart(o.msPerKey);
  const onPick = vi.fn();
  const r = renderScreen(
    <>
      <label htmlFor="pick">Product</label>
      <ProductPicker id="pick" onPick={onPick} onNotFound={o.onNotFound} />
    </>,
  );
  const box = screen.getByRole('combobox', { name: 'Product' }) as HTMLInputElement;
  return { ...r, onPick, box, user: userEvent.setup() };
}

const picked = (onPick: ReturnType<typeof vi.fn>) => (onPick.mock.calls as Array<[{ id: number; name: string }]>).map(([p]) => p.name);

describe('ProductPicker (a product combobox)', () => {
  it('takes a scanned EAN on Enter: looks it up exactly and picks that product', async () => {
    const { user, box, onPick, api } = setup({ msPerKey: 4 });
    await user.click(box);
    await user.keyboard('5990000000028{Enter}');
    await waitFor(() => expect(picked(onPick)).toEqual(['Csavar M6']));
    expect(api.callsOf('products.matches')).toEqual([{ code: '5990000000028' }]);
    expect(box.value).toBe('');
  });

  it('a scan after a typed search picks the scanned product, not the match highlighted for the search', async () => {
    const { user, box, onPick } = setup({ msPerKey: 4 });
    await user.type(box, 'Szű');
    expect(await screen.findByRole('option', { name: /Szűrőbetét/ })).toBeTruthy();
    // The clerk stops typing and scans (a click is a pause: keysApart adds a second).
    await user.click(box);
    await user.keyboard('5990000000035{Enter}');
    await waitFor(() => expect(picked(onPick)).toEqual(['Kesztyű']));
  });

  it('takes an item number typed by hand and Enter when there is nothing to pick yet', async () => {
    const { user, box, onPick, api } = setup({ msPerKey: 120 });
    await user.type(box, 'IT-2{Enter}');
    await waitFor(() => expect(picked(onPick)).toEqual(['Csavar M6']));
    expect(api.callsOf('products.matches').length + api.callsOf('products.search').length).toBeGreaterThan(0);
  });

  it('typing slowly still searches: arrows and Enter pick from the list', async () => {
    const { user, box, onPick } = setup({ msPerKey: 120 });
    await user.type(box, '59900');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(picked(onPick)).toEqual(['Kesztyű']);
  });

  it('says so under the box when a scanned code is unknown, and keeps what was scanned', async () => {
    const { user, box, onPick } = setup({ msPerKey: 4 });
    await user.click(box);
    await user.keyboard('4000000000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('No product with the code 4000000000000.');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toContain('4000000000000');
    expect(onPick).not.toHaveBeenCalled();
  });

  it('hands an unknown code to the screen when it has its own place to say so', async () => {
    const onNotFound = vi.fn();
    const { user, box } = setup({ msPerKey: 4, onNotFound });
    await user.click(box);
    await user.keyboard('4000000000000{Enter}');
    await waitFor(() => expect(onNotFound).toHaveBeenCalledWith('4000000000000'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
