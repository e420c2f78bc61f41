// Written by every timed call so that V8 cannot drop a computation whose result is unused.
let sink: unknown;

export function lastSink(): unknown {
  return sink;
}

export interface OpsOptions {
  /** Timed loop runs at least this long (default 1000 ms). */
  minMs?: number;
  /** ...and at least this many calls (default 10). */
  minIterations?: number;
  /** Untimed warm-up so the JIT has optimised fn first (default a quarter of minMs, at most 500 ms). */
  warmupMs?: number;
}

function loop(fn: () => unknown, minNs: bigint, minIterations: number): { iterations: number; ns: bigint } {
  let iterations = 0;
  let batch = 1;
  const start = process.hrtime.bigint();
  for (;;) {
    // Reading the clock every call would cost as much as a cheap fn, so calls run in growing batches.
    const batchStart = process.hrtime.bigint();
    for (let i = 0; i < batch; i++) sink = fn();
    const end = process.hrtime.bigint();
    iterations += batch;
    const ns = end - start;
    if (ns >= minNs && iterations >= minIterations) return { iterations, ns };
    if (end - batchStart < 5_000_000n) batch *= 2;
  }
}

/** Calls per second of a synchronous fn: warm-up, then a timed loop on process.hrtime.bigint. */
export function opsPerSecond(fn: () => unknown, options: OpsOptions = {}): number {
  const minMs = options.minMs ?? 1000;
  const warmupMs = options.warmupMs ?? Math.min(500, minMs / 4);
  loop(fn, BigInt(Math.round(warmupMs * 1e6)), 1);
  const { iterations, ns } = loop(fn, BigInt(Math.round(minMs * 1e6)), options.minIterations ?? 10);
  return (iterations * 1e9) / Number(ns);
}

/** The p-th percentile (0..100) of samples, linearly interpolated between the nearest ranks. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile p must be between 0 and 100, got ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  const a = sorted[lo]!;
  return a + (sorted[hi]! - a) * (rank - lo);
}

/** Runs fn once and returns its result with the wall time in ms. */
export async function timeAsync<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}
