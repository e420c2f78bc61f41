/**
 * The connection's gate: one SQLite connection has one transaction state, so while a request's
 * transaction (or savepoint) is open — from SAVEPOINT to RELEASE, across the awaits of its async
 * function — no other request's statement may run on that connection: it would read rows the
 * savepoint may still roll back, or be rolled back with it, or open its own savepoint inside the
 * foreign one. Holding the gate makes every other statement of the store (and every other
 * transaction) wait in arrival order until it is released.
 *
 * Why this costs nothing in the common case: statements run synchronously underneath and return
 * settled promises, and a transaction's function awaits nothing but its own statements, so a
 * transaction opens and closes within one drain of the microtask queue. Statements from other
 * requests that arrive meanwhile (their continuations run in that same drain) wait for microtasks,
 * never for I/O. A gate still held when the event loop reaches its next phase means a transaction
 * awaited something else (a download, a timer) or — a deadlock — a statement of the store instead
 * of its tx: then the waiting statements fail with an error that says so, rather than hang.
 */
export class Gate {
  private held = false;
  /** Bumped on every acquisition, so the watchdog can tell one holder from the next. */
  private holder = 0;
  private readonly queue: Array<{ run: () => void; fail: (e: Error) => void }> = [];
  private watching = false;

  get busy(): boolean {
    return this.held;
  }

  /** Takes the gate; synchronous (returns undefined) when it is free, else a promise that resolves once it is ours. */
  acquire(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      this.holder++;
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      this.enqueue({
        run: () => {
          this.held = true;
          this.holder++;
          resolve();
        },
        fail: reject,
      });
    });
  }

  /** Runs `fn` (a statement) now when the gate is free, else once it was released; never while held by someone. */
  whenFree<T>(fn: () => T): Promise<T> {
    if (!this.held) {
      try {
        return Promise.resolve(fn());
      } catch (e) {
        return Promise.reject(e as Error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.enqueue({
        run: () => {
          try {
            resolve(fn());
          } catch (e) {
            reject(e as Error);
          }
        },
        fail: reject,
      });
    });
  }

  release(): void {
    this.held = false;
    // Statements run at once and leave the gate free; the first transaction in line takes it.
    while (!this.held && this.queue.length > 0) this.queue.shift()!.run();
  }

  private enqueue(waiter: { run: () => void; fail: (e: Error) => void }): void {
    this.queue.push(waiter);
    this.watch();
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const holder = this.holder;
    setImmediate(() => {
      this.watching = false;
      if (!this.held || this.queue.length === 0) return;
      // Another holder since: watch that one in turn.
      if (this.holder !== holder) return this.watch();
      const error = new Error(
        'A statement waited for a SQLite transaction that stayed open past one turn of the event loop: inside a transaction run statements through its tx (not the store), and await nothing but them.',
      );
      for (const w of this.queue.splice(0)) w.fail(error);
    });
  }
}
