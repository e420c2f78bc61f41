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
      contactId: c.contact_id, name: c.name, invoiceCount: c.invoices.length,
      currencies: c.currencies.map((x) => ({ currency: x.currency, outstanding: x.outstanding, overdue: x.overdue, oldestDueDate: x.oldest_due_date })),
    };
  });
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
