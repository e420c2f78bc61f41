import type { Migration } from '../types';
import { LAST_SQLITE_ONLY_VERSION, sqliteMigration, STORE_MIGRATIONS } from '../storeMigration';
import { m001Core } from './001_core';
import { m002Product } from './002_product';
import { m003Finance } from './003_finance';
import { m004ReceiptInvoice } from './004_receipt_invoice';
import { m005CatalogRevision } from './005_catalog_revision';
import { m006LedgerByReceipt } from './006_ledger_by_receipt';

/** SQLite's own migrations, 1–6: closed. Later schema changes are shared ones (../storeMigration.ts). */
export const SQLITE_ONLY_MIGRATIONS: Migration[] = [m001Core, m002Product, m003Finance, m004ReceiptInvoice, m005CatalogRevision, m006LedgerByReceipt];

if (SQLITE_ONLY_MIGRATIONS.length !== LAST_SQLITE_ONLY_VERSION) throw new Error('a schema change after version 6 is a shared migration (db/storeMigration.ts)');

/** Every migration a server's SQLite file goes through, in order: its own, then the shared ones. */
export const MIGRATIONS: Migration[] = [...SQLITE_ONLY_MIGRATIONS, ...STORE_MIGRATIONS.map(sqliteMigration)];
