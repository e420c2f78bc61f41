/**
 * A clock that runs at real speed from a time the test chooses (00:00:14 in Budapest, say), for the
 * server in the test process and — through a file the core's process reads (shiftedCore.entry.ts)
 * — for a desk's core run as a child process. Timers stay real; only what the clock says moves.
 */
import { writeFileSync } from 'node:fs';
import { TestClock } from './server';

/** The environment variable naming the file that holds the offset in milliseconds. */
export const CLOCK_FILE_ENV = 'STOCKDESK_TEST_CLOCK_FILE';

export class ShiftedClock extends TestClock {
  private offset = 0;
  constructor(private readonly file: string, at: string) {
    super();
    this.set(at);
  }
  override now(): Date {
    return new Date(Date.now() + this.offset);
  }
  /** From now on the clock says `iso` and runs on from there. */
  override set(iso: string): void {
    this.offset = Date.parse(iso) - Date.now();
    writeFileSync(this.file, String(this.offset));
  }
  override advance(ms: number): void {
    this.offset += ms;
    writeFileSync(this.file, String(this.offset));
  }
}
