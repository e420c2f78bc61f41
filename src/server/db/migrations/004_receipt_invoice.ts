import type { Migration } from '../types';

/**
 * A storno finds the delivery receipts its original invoice wrote (services/product/orderReversal.ts)
 * by invoice id; without an index that is a scan of every stock receipt of every account. Partial:
 * most receipts (take-ins, wastings) have no invoice.
 */
export const m004ReceiptInvoice: Migration = {
  version: 4,
  name: 'receipt_invoice',
  up(db) {
    db.exec('CREATE INDEX stock_receipts_invoice ON stock_receipts (invoice_id) WHERE invoice_id IS NOT NULL;');
  },
};
