/**
 * Long passes over a request body are written as generators that yield every few thousand steps.
 * The same pass then runs straight through (`runSync`, for the desk and for small bodies) or in
 * slices of a few milliseconds with the event loop free in between (`runAsync`, for the server's
 * large bodies): a 5 MiB hostile body must not hold every other client for its whole pass.
 */
export type Steps<T> = Generator<void, T, void>;

export function runSync<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Longest slice of a pass between two turns of the event loop. */
export const SLICE_MS = 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function runAsync<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - start >= sliceMs) {
      await nextTurn();
      start = performance.now();
    }
  }
}
