/** Waiting in tests and benchmarks that run on real time: a pause, and polling until a condition holds. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Polls `fn` every `intervalMs` until it holds; throws naming `what` after `ms`. Returns how long it
 * took, for the figures a test logs or a benchmark reports.
 */
export async function until(what: string, fn: () => Promise<boolean> | boolean, ms: number, intervalMs = 5): Promise<number> {
  const start = Date.now();
  while (!(await fn())) {
    if (Date.now() - start > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
  return Date.now() - start;
}
