/**
 * Long passes over a request body are written as generators that yield every few thousand steps.
 * The same pass then runs straight through (`runSync`, for the desk and for small bodies) or in
 * slices of a few milliseconds with the event loop free in between (`runAsync`, for the server's
 * large bodies): a 5 MiB hostile body must not hold every other client for its whole pass.
 */
export type Steps<T> = Generator<void | typeof TURN, T, void>;

/**
 * Yielded before one native operation too long to share a slice with anything (JSON.parse of a
 * 5 MiB body takes 6–16 ms): the sliced run gives it a turn of its own instead of appending it
 * to a slice that has already used its few milliseconds.
 */
export const TURN = Symbol('turn');

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
    if (r.value === TURN || performance.now() - start >= sliceMs) {
      await nextTurn();
      start = performance.now();
    }
  }
}
