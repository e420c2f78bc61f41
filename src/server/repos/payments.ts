import { fromMinorUnits, toMinorUnits } from '@shared/money';
import { actorOf } from './actor';
import type { Sql } from '../db/sql';

export interface Payment {
  id: number;
  invoiceId: number;
  /** Decimal string in the invoice currency; negative for an adjustment. */
  amount: string;
  date: string;
  note?: string;
  createdAt: string;
  /** The name of the user who recorded it, when a user's session did. */
  createdBy?: string;
}

interface Row { id: number; invoice_id: number; amount_minor: number; date: string; note: string | null; created_at: string; created_by_name: string | null }

export async function insertPayment(sql: Sql, accountId: number, p: { invoiceId: number; amount: string; date: string; note?: string }, now: Date): Promise<number> {
  const r = await sql.get<{ id: number }>('INSERT INTO payments (account_id, invoice_id, amount_minor, date, note, created_at, created_by) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id', [
    accountId, p.invoiceId, toMinorUnits(p.amount), p.date, p.note ?? null, now.toISOString(), actorOf(sql),
  ]);
  return r!.id;
}

export async function listPayments(sql: Sql, accountId: number, invoiceId: number, currency: string): Promise<Payment[]> {
  const rows = await sql.all<Row>(`SELECT p.*, u.name AS created_by_name FROM payments p LEFT JOIN users u ON u.id = p.created_by
     WHERE p.account_id = ? AND p.invoice_id = ? ORDER BY p.id`, [accountId, invoiceId]);
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    amount: fromMinorUnits(r.amount_minor, currency),
    date: r.date,
    note: r.note ?? undefined,
    createdAt: r.created_at,
    createdBy: r.created_by_name ?? undefined,
  }));
}
