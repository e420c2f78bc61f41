import type { Migration } from '@sqlite/types';

/**
 * Invoices whose header or cached detail the server changed as a side effect of a command sent
 * from here: the original of a storno (now cancelled), an invoice a payment was recorded on (its
 * balance and payment list). They are read again with getInvoice as soon as the outbox is empty,
 * in the same sync, and stay listed until that succeeds (so an outage only delays it).
 */
export const m006StaleInvoices: Migration = {
  version: 6,
  name: 'stale invoices',
  up(db) {
    db.exec('CREATE TABLE stale_invoices (invoice_id INTEGER PRIMARY KEY)');
  },
};
