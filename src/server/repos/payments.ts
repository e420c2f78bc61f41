import { fromMinorUnits, toMinorUnits } from '@shared/money';
import type { Db } from '../db/types';
import { stmt } from './statements';

export interface Payment {
  id: number;
  invoiceId: number;
  /** Decimal string in the invoice currency; negative for an adjustment. */
  amount: string;
  date: string;
  note?: string;
  createdAt: string;
}

interface Row { id: number; invoice_id: number; amount_minor: number; date: string; note: string | null; created_at: string }

export function insertPayment(db: Db, accountId: number, p: { invoiceId: number; amount: string; date: string; note?: string }, now: Date): number {
  const r = stmt(db, 'INSERT INTO payments (account_id, invoice_id, amount_minor, date, note, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    accountId, p.invoiceId, toMinorUnits(p.amount), p.date, p.note ?? null, now.toISOString(),
  );
  return Number(r.lastInsertRowid);
}

export function listPayments(db: Db, accountId: number, invoiceId: number, currency: string): Payment[] {
  const rows = stmt(db, 'SELECT * FROM payments WHERE account_id = ? AND invoice_id = ? ORDER BY id').all(accountId, invoiceId) as Row[];
  return rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoice_id,
    amount: fromMinorUnits(r.amount_minor, currency),
    date: r.date,
    note: r.note ?? undefined,
    createdAt: r.created_at,
  }));
}
