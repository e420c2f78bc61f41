/**
 * Keyboard-wedge barcode scanners type the code as keystrokes a few milliseconds apart and press
 * Enter. People cannot type that fast, so a run of at least `minLength` characters, each within
 * `maxGapMs` of the previous one and ended by Enter, is a scan — wherever the focus happened to be.
 *
 * On a busy machine the keys do not arrive evenly: gaps of 17–59 ms inside one scan were seen, and
 * a stall of 80 ms or more. `maxGapMs` is 65 ms, above that jitter (with room for timer rounding) and below any person's typing
 * (even a fast typist's keys are 100 ms or more apart over six characters), and a run that has
 * started as a scan (`stallAfter` fast keys) may have one gap of up to `stallMs` without starting
 * over: starting over there would cut the code in two and deliver only its tail.
 */
import { useEffect, useRef, type RefObject } from 'react';

export interface ScanDetectorOptions {
  minLength?: number;
  maxGapMs?: number;
  /** The one longer gap a run may have once it is clearly a scan. */
  stallMs?: number;
  /** How many characters must have come fast before a stall is forgiven. */
  stallAfter?: number;
}

export const SCAN_DEFAULTS = { minLength: 6, maxGapMs: 65, stallMs: 250, stallAfter: 3 } as const;

/** The pure part: fed key presses with their times, it says when a run of them was a scan. */
export class ScanDetector {
  private buffer = '';
  private last = -Infinity;
  /** Whether this run has used its one forgiven stall. */
  private stalled = false;
  private readonly minLength: number;
  private readonly maxGapMs: number;
  private readonly stallMs: number;
  private readonly stallAfter: number;

  constructor(o: ScanDetectorOptions = {}) {
    this.minLength = o.minLength ?? SCAN_DEFAULTS.minLength;
    this.maxGapMs = o.maxGapMs ?? SCAN_DEFAULTS.maxGapMs;
    this.stallMs = o.stallMs ?? SCAN_DEFAULTS.stallMs;
    this.stallAfter = o.stallAfter ?? SCAN_DEFAULTS.stallAfter;
  }

  /** A gap that keeps the run going: fast, or the run's one stall once it is clearly a scan. */
  private continues(gap: number): boolean {
    return gap <= this.maxGapMs || (!this.stalled && gap <= this.stallMs && this.buffer.length >= this.stallAfter);
  }

  /** True when this key starts a new run (the caller remembers what the focused field held). */
  startsRun(key: string, time: number): boolean {
    return key.length === 1 && (this.buffer === '' || !this.continues(time - this.last));
  }

  /** Returns the scanned code when `key` is the Enter that ends a scan, else null. */
  press(key: string, time: number): string | null {
    const gap = time - this.last;
    if (key === 'Enter') {
      const code = this.buffer;
      const ends = this.continues(gap);
      this.reset();
      return code.length >= this.minLength && ends ? code : null;
    }
    if (key.length !== 1) {
      // Shift comes with every capital a scanner sends; anything else (Tab, arrows) ends the run.
      if (key !== 'Shift') this.reset();
      return null;
    }
    if (this.buffer !== '' && this.continues(gap)) {
      if (gap > this.maxGapMs) this.stalled = true;
    } else {
      this.buffer = '';
      this.stalled = false;
    }
    this.buffer += key;
    this.last = time;
    return null;
  }

  reset(): void {
    this.buffer = '';
    this.last = -Infinity;
    this.stalled = false;
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
export function useScanner({ onScan, fieldRef, enabled = true, minLength, maxGapMs, stallMs, stallAfter }: ScannerOptions): void {
  const onScanRef = useRef(onScan);
  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = new ScanDetector({ minLength, maxGapMs, stallMs, stallAfter });
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
      // In the scan field, what it holds is the code: were a stall longer than any allowance to
      // split the run, the detector would know only the tail, the field still has every character.
      const whole = field && e.target === field ? field.value.trim() : '';
      field?.focus();
      runTarget = null;
      onScanRef.current(whole.endsWith(code) ? whole : code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [enabled, fieldRef, minLength, maxGapMs, stallMs, stallAfter]);
}
