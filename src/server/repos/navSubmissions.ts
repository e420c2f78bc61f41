import type { Sql } from '../db/sql';

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

export async function insertNavSubmission(
  sql: Sql, accountId: number, s: { invoiceId: number; navRequestId: string; status: string; message: string; invoiceData: string }, now: Date,
): Promise<number> {
  const r = await sql.get<{ id: number }>(
    'INSERT INTO nav_submissions (account_id, invoice_id, nav_request_id, status, message, invoice_data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [accountId, s.invoiceId, s.navRequestId, s.status, s.message, s.invoiceData, now.toISOString()],
  );
  return r!.id;
}

export async function listNavSubmissions(sql: Sql, accountId: number, invoiceId: number): Promise<NavSubmission[]> {
  const rows = await sql.all<Row>(
    'SELECT id, invoice_id, nav_request_id, status, message, created_at FROM nav_submissions WHERE account_id = ? AND invoice_id = ? ORDER BY id',
    [accountId, invoiceId],
  );
  return rows.map(toSubmission);
}
