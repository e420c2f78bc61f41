/**
 * Two prepared statements under one Sync: the keys check and the read it rides with (precede.ts).
 *
 * pg ends every statement with a Sync, and PostgreSQL answers each Sync with ReadyForQuery and a flush
 * of its socket: for a check and its read, two wake-ups of the server where one would do, and a second
 * statement cycle in both. Sent as Bind/Describe/Execute twice and one Sync, the backend answers both
 * in one flush, and pg gathers both results in one query (as it does for a multi-statement text).
 *
 * Only for statements already prepared on this connection: Parse stays with pg, which tracks which
 * names a connection knows. Both run in one implicit transaction: should either fail, neither result
 * is delivered, and the caller learns only that the pair failed.
 */
import pg from 'pg';

export interface Prepared {
  name: string;
  values: unknown[];
}

type Wire = {
  bind(m: { statement: string; values: unknown[]; valueMapper: unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(m: { portal: string }): void;
  sync(): void;
  parsedStatements: Record<string, string>;
};

// pg's own mapping of JS values to parameters (what its Query uses): dates, buffers, arrays, JSON.
const prepareValue = (pg as unknown as { utils?: { prepareValue?: unknown } }).utils?.prepareValue;
if (typeof prepareValue !== 'function') throw new Error('pg.utils.prepareValue is missing: this version of pg is not one db/postgres/pair.ts knows');

class PairQuery extends pg.Query {
  constructor(private readonly statements: readonly [Prepared, Prepared], callback: (err: Error | null, results: pg.QueryResult[]) => void) {
    super({ text: '', callback } as pg.QueryConfig);
  }

  // pg asks this to choose the extended protocol (a text-only query would go as a simple Query).
  requiresPreparation(): boolean {
    return true;
  }

  prepare(connection: Wire): void {
    for (const s of this.statements) {
      connection.bind({ statement: s.name, values: s.values, valueMapper: prepareValue });
      connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
    }
    connection.sync();
  }
}

/** Whether both statements are prepared on this connection (PostgreSQL confirmed their Parse). */
export function bothPrepared(client: pg.ClientBase, a: string, b: string): boolean {
  const parsed = (client as unknown as { connection?: Wire }).connection?.parsedStatements;
  return !!parsed && parsed[a] !== undefined && parsed[b] !== undefined;
}

/** Sends a and b under one Sync; their two results, or the pair's error. */
export function sendPair(client: pg.ClientBase, a: Prepared, b: Prepared): Promise<[pg.QueryResult, pg.QueryResult]> {
  return new Promise((resolve, reject) => {
    const q = new PairQuery([a, b], (err, results) => {
      if (err) reject(err);
      else if (!Array.isArray(results) || results.length !== 2) reject(new Error(`the pair of statements gave ${Array.isArray(results) ? results.length : 1} result(s), not 2`));
      else resolve([results[0]!, results[1]!]);
    });
    // A submittable: pg answers through its callback, and client.query returns the query itself.
    void client.query(q as unknown as pg.QueryConfig);
  });
}
