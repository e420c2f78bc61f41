/**
 * Keyboard-wedge barcode scanners type the code as keystrokes a few milliseconds apart and press
 * Enter. People cannot type that fast, so a run of at least `minLength` characters, each within
 * `maxGapMs` of the previous one and ended by Enter, is a scan — wherever the focus happened to be.
 */
import { useEffect, useRef, type RefObject } from 'react';

export interface ScanDetectorOptions {
  minLength?: number;
  maxGapMs?: number;
}

export const SCAN_DEFAULTS = { minLength: 6, maxGapMs: 35 } as const;

/** The pure part: fed key presses with their times, it says when a run of them was a scan. */
export class ScanDetector {
  private buffer = '';
  private last = -Infinity;
  private readonly minLength: number;
  private readonly maxGapMs: number;

  constructor(o: ScanDetectorOptions = {}) {
    this.minLength = o.minLength ?? SCAN_DEFAULTS.minLength;
    this.maxGapMs = o.maxGapMs ?? SCAN_DEFAULTS.maxGapMs;
  }

  /** True when this key starts a new run (the caller remembers what the focused field held). */
  startsRun(key: string, time: number): boolean {
    return key.length === 1 && (this.buffer === '' || time - this.last > this.maxGapMs);
  }

  /** Returns the scanned code when `key` is the Enter that ends a scan, else null. */
  press(key: string, time: number): string | null {
    const gap = time - this.last;
    if (key === 'Enter') {
      const code = this.buffer;
      this.reset();
      return code.length >= this.minLength && gap <= this.maxGapMs ? code : null;
    }
    if (key.length !== 1) {
      // Shift comes with every capital a scanner sends; anything else (Tab, arrows) ends the run.
      if (key !== 'Shift') this.reset();
      return null;
    }
    if (gap > this.maxGapMs) this.buffer = '';
    this.buffer += key;
    this.last = time;
    return null;
  }

  reset(): void {
    this.buffer = '';
    this.last = -Infinity;
  }
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

const isEditable = (el: EventTarget | null): el is Editable =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'file'].includes(el.type));

/** Sets a field's value the way typing would, so React's onChange sees it. */
export function setFieldValue(el: Editable, value: string): void {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, value);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export interface ScannerOptions extends ScanDetectorOptions {
  onScan: (code: string) => void;
  /** Where scans belong: focused again after each scan so the next one lands there (its owner empties it in onScan). */
  fieldRef?: RefObject<HTMLInputElement | null>;
  enabled?: boolean;
}

/**
 * Listens for scans on the whole window (capture phase, before any field sees the Enter). A scan
 * that landed in another field — the quantity, a search box — is taken back out of it.
 */
export function useScanner({ onScan, fieldRef, enabled = true, minLength, maxGapMs }: ScannerOptions): void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = new ScanDetector({ minLength, maxGapMs });
    let runTarget: { el: Editable; before: string } | null = null;

    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.altKey || e.metaKey || e.isComposing) {
        detector.reset();
        return;
      }
      // The event's own time is when the key arrived; the handler may run later if the page was busy.
      const now = e.timeStamp;
      if (detector.startsRun(e.key, now)) runTarget = isEditable(e.target) ? { el: e.target, before: e.target.value } : null;
      const code = detector.press(e.key, now);
      if (code === null) return;
      e.preventDefault();
      e.stopPropagation();
      const field = fieldRef?.current ?? null;
      if (runTarget && runTarget.el !== field && runTarget.el.isConnected) setFieldValue(runTarget.el, runTarget.before);
      field?.focus();
      runTarget = null;
      onScanRef.current(code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, fieldRef, minLength, maxGapMs]);
}
