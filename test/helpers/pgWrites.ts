/**
 * Writes this process makes to a PostgreSQL server's sockets while a function runs: each one is a
 * wake-up of a backend, the cost a round trip stands for (docs/postgres.md, "Speed").
 */
import { Socket } from 'node:net';

export async function socketWrites<T>(databaseUrl: string, fn: () => Promise<T>): Promise<{ result: T; writes: number }> {
  const port = Number(new URL(databaseUrl).port || 5432);
  let writes = 0;
  const proto = Socket.prototype as unknown as Record<'_writev' | '_write', (...a: unknown[]) => unknown>;
  const originals = { _writev: proto._writev, _write: proto._write };
  for (const name of ['_writev', '_write'] as const) {
    proto[name] = function (this: Socket, ...args: unknown[]) {
      if (this.remotePort === port) writes++;
      return originals[name].apply(this, args);
    };
  }
  try {
    return { result: await fn(), writes };
  } finally {
    Object.assign(proto, originals);
  }
}
