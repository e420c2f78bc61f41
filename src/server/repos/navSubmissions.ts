import type { Db } from '../db/types';
import { stmt } from './statements';

export interface NavSubmission {
  id: number;
  invoiceId: number;
  navRequestId: string;
  status: string;
  message: string;
  createdAt: string;
}

interface Row { id: number; invoice_id: number; nav_request_id: string; status: string; message: string; created_at: string }
const toSubmission = (r: Row): NavSubmission => ({
  id: r.id, invoiceId: r.invoice_id, navRequestId: r.nav_request_id, status: r.status, message: r.message, createdAt: r.created_at,
});

export function insertNavSubmission(
  db: Db, accountId: number, s: { invoiceId: number; navRequestId: string; status: string; message: string; invoiceData: string }, now: Date,
): number {
  const r = stmt(
    db,
    'INSERT INTO nav_submissions (account_id, invoice_id, nav_request_id, status, message, invoice_data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(accountId, s.invoiceId, s.navRequestId, s.status, s.message, s.invoiceData, now.toISOString());
  return Number(r.lastInsertRowid);
}

export function listNavSubmissions(db: Db, accountId: number, invoiceId: number): NavSubmission[] {
  const rows = stmt(
    db,
    'SELECT id, invoice_id, nav_request_id, status, message, created_at FROM nav_submissions WHERE account_id = ? AND invoice_id = ? ORDER BY id',
  ).all(accountId, invoiceId) as Row[];
  return rows.map(toSubmission);
}
