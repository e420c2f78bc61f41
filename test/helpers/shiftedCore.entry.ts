/**
 * The desk's core entry with its clock shifted as a ShiftedClock's file says (shiftedClock.ts):
 * `new Date()` and `Date.now()` run from the test's time, read again from the file as the test moves
 * it; dates built from a value are untouched. The same as faketime, but movable while it runs.
 */
import { readFileSync } from 'node:fs';

const file = process.env.STOCKDESK_TEST_CLOCK_FILE;
if (file) {
  const Real = Date;
  let offset = 0;
  let readAt = -Infinity;
  const shifted = (): number => {
    const t = Real.now();
    if (t - readAt > 50) {
      try {
        offset = Number(readFileSync(file, 'utf8')) || 0;
      } catch {
        offset = 0;
      }
      readAt = t;
    }
    return t + offset;
  };
  class ShiftedDate extends Real {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(shifted());
      else super(...(args as [string]));
    }
    static override now(): number {
      return shifted();
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor;
}

await import('../../src/main/core/entry');
