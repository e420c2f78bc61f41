/**
 * Large JSON answers straight to bytes. getDueCustomers over 50,000 invoices answers 5 MB, and
 * turning that into bytes cost more than computing it: JSON.stringify returns a rope of parts
 * that V8 flattens into one 10 MB two-byte copy (one "ő" in a name makes the whole string
 * two-byte), and Buffer.from then writes into freshly mapped memory, faulting in every page.
 * Here the few top levels are written by hand and every element of a long array is stringified
 * on its own (a small flat string) into a buffer kept for the next large answer. The bytes are
 * exactly JSON.stringify's (test/server/http/jsonBytes.test.ts).
 */

/** Levels written by hand: the envelope, its result, and the result's lists; deeper values are stringified whole. */
const HAND_DEPTH = 3;
/** An answer is large when one of its hand-written levels holds a list at least this long. */
export const LARGE_LIST = 200;
const FIRST_SIZE = 1 << 20;
/** Buffers above this are not kept: one huge answer should not pin its memory for ever. */
const KEEP_AT_MOST_BYTES = 64 << 20;
const KEEP_BUFFERS = 4;

/** Whether `value` has a list of LARGE_LIST or more items within the levels written by hand. */
export function isLargeJson(value: unknown, depth = 0): boolean {
  if (depth >= HAND_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.length >= LARGE_LIST || value.some((v) => isLargeJson(v, depth + 1));
  for (const k in value) if (isLargeJson((value as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

export interface PooledBytes {
  bytes: Buffer;
  /** Hands the buffer back; call only once the socket no longer reads it. */
  release(): void;
}

/** Buffers reused across large answers, so their pages are already mapped. */
export class BytesPool {
  private readonly free: Buffer[] = [];

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(FIRST_SIZE);
  }

  give(buf: Buffer): void {
    if (buf.length <= KEEP_AT_MOST_BYTES && this.free.length < KEEP_BUFFERS) this.free.push(buf);
  }

  /** `value` as JSON.stringify would write it, in UTF-8, in a pooled buffer. */
  encode(value: unknown): PooledBytes {
    const sink = new Sink(this.take());
    put(sink, value, 0);
    const buf = sink.buf;
    let released = false;
    return {
      bytes: buf.subarray(0, sink.used),
      release: () => {
        if (!released) this.give(buf);
        released = true;
      },
    };
  }
}

class Sink {
  used = 0;
  constructor(public buf: Buffer) {}

  write(s: string): void {
    // A UTF-16 unit never takes more than 3 UTF-8 bytes, so this much room means no truncation.
    if (this.buf.length - this.used < s.length * 3) this.grow(s.length * 3);
    this.used += this.buf.write(s, this.used, 'utf8');
  }

  private grow(need: number): void {
    let size = this.buf.length * 2;
    while (size - this.used < need) size *= 2;
    const bigger = Buffer.allocUnsafe(size);
    this.buf.copy(bigger, 0, 0, this.used);
    this.buf = bigger;
  }
}

// JSON.stringify leaves these out of objects and writes null for them in arrays.
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

// Anything else (a Date, a boxed string, an object with toJSON) is left to JSON.stringify whole.
function isPlain(v: object): boolean {
  const proto: unknown = Object.getPrototypeOf(v);
  return (proto === Object.prototype || proto === null) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

function put(sink: Sink, value: unknown, depth: number): void {
  if (depth >= HAND_DEPTH || value === null || typeof value !== 'object' || !(Array.isArray(value) || isPlain(value))) {
    sink.write(JSON.stringify(value));
    return;
  }
  if (Array.isArray(value)) {
    sink.write('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) sink.write(',');
      const item: unknown = value[i];
      if (skipped(item)) sink.write('null');
      else put(sink, item, depth + 1);
    }
    sink.write(']');
    return;
  }
  let first = true;
  sink.write('{');
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (skipped(item)) continue;
    sink.write(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    put(sink, item, depth + 1);
  }
  sink.write('}');
}
