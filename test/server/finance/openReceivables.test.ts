/**
 * listOpenReceivables reads the open receivables as one JSON array built by SQLite: it must return
 * exactly what a plain row-by-row query returns, in the same order, with exact integer amounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openServerDb } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { listOpenReceivables } from '@server/repos/invoices';
import { seedInvoices } from '../../../bench/cases/server-finance.child';
import { TestClock } from '../../helpers/server';
import { sqliteStore } from '@server/db/sqlite/store';

const dir = mkdtempSync(join(tmpdir(), 'stockdesk-receivables-'));
const db = openServerDb(join(dir, 'server.db'));
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('listOpenReceivables', () => {
  it('equals the row-by-row query, ordered by contact, currency, due date and id, for all and for one contact', async () => {
    const { account } = await seedDemo(db, new TestClock());
    await seedInvoices(db, account.accountId, 3000, '2026-11-22');
    const reference = (contactId: number | null) =>
      (db.prepare(
        `SELECT id, invoice_number AS invoiceNumber, contact_id AS contactId, currency, issued_date AS issuedDate, payment_date AS paymentDate,
                gross_minor AS grossMinor, gross_minor - paid_minor AS balanceMinor
         FROM invoices WHERE account_id = ? AND (? IS NULL OR contact_id = ?) AND type = 'invoice' AND cancelled_by IS NULL
           AND crdr IN ('outgoing', 'advance out') AND paid_minor < gross_minor
         ORDER BY contact_id, currency, payment_date, id`,
      ).all(account.accountId, contactId, contactId));
    const all = await listOpenReceivables(sqliteStore(db), account.accountId);
    expect(all.length).toBeGreaterThan(1500);
    expect(all).toEqual(reference(null));
    const one = all[all.length - 1]!.contactId;
    expect(await listOpenReceivables(sqliteStore(db), account.accountId, one)).toEqual(reference(one));
    expect(await listOpenReceivables(sqliteStore(db), account.accountId, 999_999)).toEqual([]);
    expect(await listOpenReceivables(sqliteStore(db), 999_999)).toEqual([]);
  });
});
