/** Due customers, purchase orders looked up, and the seller's own data (party, bank accounts) for offline forms and previews. */
import type { Result } from '@shared/protocol';
import type { BankAccountRow, DueCustomerRow } from '@shared/ipc/types';
import { stmt, type Db } from './db';
import { getKv, setKv } from './settings';

export type DueCustomer = Result<'getDueCustomers'>['customers'][number];
export type Party = Result<'getInvoice'>['seller'];

export function replaceDues(db: Db, customers: DueCustomer[]): void {
  stmt(db, 'DELETE FROM dues').run();
  const s = stmt(db, 'INSERT INTO dues (contact_id, name, record) VALUES (?, ?, ?)');
  for (const c of customers) s.run(c.contact_id, c.name, JSON.stringify(c));
}

export function listDues(db: Db): DueCustomerRow[] {
  return (stmt(db, 'SELECT record FROM dues ORDER BY name COLLATE NOCASE').all() as Array<{ record: string }>).map((r) => {
    const c = JSON.parse(r.record) as DueCustomer;
    return {
      contactId: c.contact_id, name: c.name, invoiceCount: c.invoices.length, pending: false,
      currencies: c.currencies.map((x) => ({ currency: x.currency, outstanding: x.outstanding, overdue: x.overdue, oldestDueDate: x.oldest_due_date })),
    };
  });
}

/** What the server has not confirmed yet, on top of its last list of dues (see unconfirmedReceivables). */
export interface Unconfirmed { contactId: number; name: string; currency: string; amount: number; paymentDate: string; invoices: number }

/**
 * The server's dues with the clerk's own unconfirmed invoices and payments counted in, so the list
 * changes when they are made, not at the next pull. Such rows are marked pending; a customer who
 * then owes nothing leaves the list, as the server would leave them out.
 */
export function withUnconfirmed(rows: DueCustomerRow[], extra: Unconfirmed[], today: string): DueCustomerRow[] {
  const byId = new Map(rows.map((r) => [r.contactId, { ...r, currencies: r.currencies.map((c) => ({ ...c })) }]));
  const cents = (n: number) => Math.round(n * 100);
  for (const x of extra) {
    let row = byId.get(x.contactId);
    if (!row) byId.set(x.contactId, (row = { contactId: x.contactId, name: x.name, invoiceCount: 0, pending: true, currencies: [] }));
    row.pending = true;
    let cur = row.currencies.find((c) => c.currency === x.currency);
    if (!cur) row.currencies.push((cur = { currency: x.currency, outstanding: 0, overdue: 0, oldestDueDate: x.paymentDate }));
    cur.outstanding = (cents(cur.outstanding) + cents(x.amount)) / 100;
    if (x.paymentDate < today) cur.overdue = Math.max(0, (cents(cur.overdue) + cents(x.amount)) / 100);
    row.invoiceCount = Math.max(0, row.invoiceCount + x.invoices);
    if (x.invoices > 0 && x.paymentDate < cur.oldestDueDate) cur.oldestDueDate = x.paymentDate;
  }
  return [...byId.values()]
    .map((r) => ({ ...r, currencies: r.currencies.filter((c) => cents(c.outstanding) > 0) }))
    .filter((r) => r.currencies.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name, 'hu', { sensitivity: 'base' }));
}

export function savePurchaseOrder(db: Db, po: Result<'getPO'>, now: Date): void {
  stmt(db, 'INSERT OR REPLACE INTO purchase_orders (id, project_code, record, fetched_at) VALUES (?, ?, ?, ?)').run(po.po_id, po.project_code, JSON.stringify(po), now.toISOString());
}

export function purchaseOrder(db: Db, id: number): Result<'getPO'> | null {
  const r = stmt(db, 'SELECT record FROM purchase_orders WHERE id = ?').get(id) as { record: string } | undefined;
  return r ? (JSON.parse(r.record) as Result<'getPO'>) : null;
}

/** The seller block of the newest invoice or letter the server printed; it wins over the settings. */
export function saveSeller(db: Db, seller: Party, source: string, now: Date): void {
  stmt(db, 'INSERT OR REPLACE INTO account (id, seller, source, updated_at) VALUES (1, ?, ?, ?)').run(JSON.stringify(seller), source, now.toISOString());
}

export function seller(db: Db): Party | null {
  const r = stmt(db, 'SELECT seller FROM account WHERE id = 1').get() as { seller: string } | undefined;
  return r ? (JSON.parse(r.seller) as Party) : null;
}

/** The server's list of the account's bank accounts (crm.getBankAccounts); null when never pulled. */
export function saveBankAccounts(db: Db, accounts: BankAccountRow[]): void {
  setKv(db, 'sync_state', 'bankAccounts', accounts);
}

export function pulledBankAccounts(db: Db): BankAccountRow[] | null {
  return getKv<BankAccountRow[] | null>(db, 'sync_state', 'bankAccounts', null);
}
