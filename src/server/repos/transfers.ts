/**
 * Transfers: a document whose moves are two receipts marked with its id (migration 7): the
 * out-side one of kind 'wasting', the in-side one of kind 'takein'. Levels follow from the moves
 * (trigger stock_moves_level_ai), in the caller's transaction.
 */
import { actorOf } from './actor';
import type { Sql } from '../db/sql';

export async function insertTransfer(sql: Sql, accountId: number, date: string, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO stock_transfers (account_id, date, created_at, created_by) VALUES (?, ?, ?, ?) RETURNING id', [accountId, date, now.toISOString(), actorOf(sql)]);
  return r!.id;
}

/** One side of a transfer: its receipt, dated as the transfer, in the warehouse of its first line. */
export async function insertTransferReceipt(sql: Sql, accountId: number, transferId: number, side: 'out' | 'in', warehouseId: number, date: string, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>(
    'INSERT INTO stock_receipts (account_id, kind, warehouse_id, date, transfer_id, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [accountId, side === 'out' ? 'wasting' : 'takein', warehouseId, date, transferId, now.toISOString(), actorOf(sql)],
  );
  return r!.id;
}
