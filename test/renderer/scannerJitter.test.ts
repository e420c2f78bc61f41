import { describe, expect, it } from 'vitest';
import { ScanDetector } from '@renderer/lib/scanner';

/** Feeds `code` with the given gaps (gaps[i] before key i+1, the last one before Enter). */
function feed(d: ScanDetector, code: string, gaps: number[], start = 10_000): string | null {
  let t = start;
  let out: string | null = null;
  for (const [i, ch] of [...code].entries()) {
    if (i > 0) t += gaps[i - 1]!;
    out = d.press(ch, t) ?? out;
  }
  return d.press('Enter', t + gaps[code.length - 1]!) ?? out;
}

function rng(seed: number) {
  let x = seed >>> 0;
  return () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0), x / 2 ** 32);
}

describe('ScanDetector on a busy machine', () => {
  const code = '5990040000373';

  it('keeps a scan whole through 1,000 runs of gaps jittered 10–60 ms with one 80 ms stall anywhere after the third key', () => {
    const random = rng(42);
    const d = new ScanDetector();
    for (let run = 0; run < 1000; run++) {
      const gaps = [...code].map(() => 10 + Math.round(random() * 50));
      gaps[3 + Math.floor(random() * (code.length - 3))] = 80;
      expect(feed(d, code, gaps, run * 10_000)).toBe(code);
    }
  });

  it('does not cut the code at a stall after the sixth key (the "0010365" of the report)', () => {
    const gaps = [...code].map(() => 12);
    gaps[5] = 80;
    expect(feed(new ScanDetector(), code, gaps)).toBe(code);
  });

  it('forgives one stall only: a second starts over, so typing with pauses is never a scan', () => {
    const gaps = [...code].map(() => 12);
    gaps[3] = 80;
    gaps[5] = 80;
    expect(feed(new ScanDetector(), code, gaps)).toBe(code.slice(6)); // in the scan field useScanner still delivers the field's whole code
  });

  it('still takes typing at a person’s pace (70 ms and slower, or fast pairs with pauses) for typing', () => {
    expect(feed(new ScanDetector(), code, [...code].map(() => 70))).toBeNull();
    expect(feed(new ScanDetector(), '123456', [40, 150, 40, 150, 40, 40])).toBeNull();
  });
});
