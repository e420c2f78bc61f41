/**
 * Who is writing through a transaction: the dispatcher names the session's user on the request's
 * transaction object (a new one for every transaction and savepoint, db/sqlite/store.ts, db/postgres),
 * and the repositories that insert documents and stock movements write it into created_by. Why not a
 * parameter through every service: the user is the request's, like the account, and only the rows'
 * INSERTs need it. A transaction nobody named (admin commands, the demo seed) writes NULL.
 */
import type { Sql } from '../db/sql';

const actors = new WeakMap<Sql, number>();

export function actAs(tx: Sql, userId: number | null): void {
  if (userId === null) actors.delete(tx);
  else actors.set(tx, userId);
}

/** The user behind the writes through `sql`, or null (an owner session, an operator, the seed). */
export const actorOf = (sql: Sql): number | null => actors.get(sql) ?? null;
