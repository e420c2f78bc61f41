// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { ScanDetector, useScanner } from '@renderer/lib/scanner';
import { keysApart as keysApartClock } from './render';

describe('ScanDetector', () => {
  const feed = (d: ScanDetector, text: string, gapMs: number, start = 1000) => {
    let t = start;
    let out: string | null = null;
    for (const ch of text) {
      out = d.press(ch, (t += gapMs)) ?? out;
    }
    return d.press('Enter', t + gapMs) ?? out;
  };

  it('takes a fast run of at least six characters ended by Enter as a scan', () => {
    expect(feed(new ScanDetector(), '5990000000011', 8)).toBe('5990000000011');
  });

  it('ignores typing at human speed', () => {
    expect(feed(new ScanDetector(), '5990000000011', 80)).toBeNull();
  });

  it('ignores a fast run that is too short', () => {
    expect(feed(new ScanDetector(), '12345', 5)).toBeNull();
  });

  it('starts over after a pause: slow typing followed by a fast burst is the burst only', () => {
    const d = new ScanDetector();
    let t = 0;
    for (const ch of 'abc') d.press(ch, (t += 200));
    t += 500;
    let code: string | null = null;
    for (const ch of 'ABC-123456') code = d.press(ch, (t += 10)) ?? code;
    expect(d.press('Enter', t + 10)).toBe('ABC-123456');
    expect(code).toBeNull();
  });

  it('lets Shift through (scanners send it for capitals) but a Tab ends the run', () => {
    const d = new ScanDetector();
    let t = 0;
    for (const k of ['Shift', 'A', 'B', 'C', 'Shift', 'D', '1', '2']) d.press(k, (t += 5));
    expect(d.press('Enter', t + 5)).toBe('ABCD12');
    for (const k of ['1', '2', '3', 'Tab', '4', '5', '6']) d.press(k, (t += 5));
    expect(d.press('Enter', t + 5)).toBeNull();
  });

  it('a slow Enter after a fast run is not a scan', () => {
    const d = new ScanDetector();
    let t = 0;
    for (const ch of '123456789') d.press(ch, (t += 5));
    expect(d.press('Enter', t + 500)).toBeNull();
  });
});

function Harness({ onScan }: { onScan: (code: string) => void }) {
  const scanRef = useRef<HTMLInputElement>(null);
  const [qty, setQty] = useState('3');
  const [scan, setScan] = useState('');
  useScanner({
    onScan: (code) => {
      setScan('');
      onScan(code);
    },
    fieldRef: scanRef,
  });
  return (
    <>
      <input aria-label="scan" ref={scanRef} value={scan} onChange={(e) => setScan(e.target.value)} />
      <input aria-label="qty" value={qty} onChange={(e) => setQty(e.target.value)} />
      <span data-testid="qty-state">{qty}</span>
    </>
  );
}

describe('useScanner', () => {
  let undo = () => undefined as void;
  const keysApart = (ms: number) => void (undo = keysApartClock(ms));
  afterEach(() => {
    cleanup();
    undo();
  });

  it('reports fast keystrokes ending in Enter as a scan and empties the scan field', async () => {
    const onScan = vi.fn();
    keysApart(4);
    render(<Harness onScan={onScan} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('scan'));
    await user.keyboard('5990000000011{Enter}');
    expect(onScan).toHaveBeenCalledWith('5990000000011');
    expect(screen.getByLabelText('scan')).toHaveProperty('value', '');
  });

  it('does not report slow typing', async () => {
    const onScan = vi.fn();
    keysApart(70);
    render(<Harness onScan={onScan} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('scan'));
    await user.keyboard('599000{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    expect(screen.getByLabelText('scan')).toHaveProperty('value', '599000');
  });

  it('takes a scan that landed in another field back out of it and focuses the scan field', async () => {
    const onScan = vi.fn();
    keysApart(4);
    render(<Harness onScan={onScan} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('qty'));
    await user.keyboard('5990000000028{Enter}');
    expect(onScan).toHaveBeenCalledWith('5990000000028');
    expect(screen.getByTestId('qty-state').textContent).toBe('3');
    expect(document.activeElement).toBe(screen.getByLabelText('scan'));
  });
});
