import type { Migration } from '../types';
import { m001Core } from './001_core';
import { m002Product } from './002_product';
import { m003Finance } from './003_finance';
import { m004ReceiptInvoice } from './004_receipt_invoice';
import { m005CatalogRevision } from './005_catalog_revision';
import { m006LedgerByReceipt } from './006_ledger_by_receipt';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: Migration[] = [m001Core, m002Product, m003Finance, m004ReceiptInvoice, m005CatalogRevision, m006LedgerByReceipt];
