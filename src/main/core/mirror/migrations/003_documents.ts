import type { Migration } from '@sqlite/types';

/**
 * Orders and invoices made here, invoice headers from the server, cached PDFs, due customers,
 * purchase orders looked up, and the seller's own data for offline invoice previews.
 */
export const m003Documents: Migration = {
  version: 3,
  name: 'documents',
  up(db) {
    db.exec(`
      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        local INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL,
        contact_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        currency TEXT NOT NULL,
        issued_date TEXT NOT NULL,
        -- setOrder parameters (items included) as the clerk last saved them.
        params TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE invoices (
        id INTEGER PRIMARY KEY,
        local INTEGER NOT NULL DEFAULT 0,
        invoice_number TEXT,
        type TEXT NOT NULL,
        status TEXT NOT NULL,
        contact_id INTEGER NOT NULL,
        contact_name TEXT NOT NULL,
        currency TEXT NOT NULL,
        issued_date TEXT NOT NULL,
        payment_date TEXT NOT NULL,
        total REAL NOT NULL,
        balance REAL NOT NULL,
        -- setInvoice parameters when made here; the server's header; getInvoice when fetched.
        params TEXT,
        header TEXT,
        detail TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX invoices_issued ON invoices (issued_date);
      -- Payments recorded here and not yet confirmed: they lower the balance shown.
      CREATE TABLE payments_pending (
        entry_id INTEGER NOT NULL,
        invoice_id INTEGER NOT NULL,
        amount REAL NOT NULL
      );
      CREATE INDEX payments_pending_invoice ON payments_pending (invoice_id);

      CREATE TABLE pdfs (
        invoice_id INTEGER NOT NULL,
        language TEXT NOT NULL,
        filename TEXT NOT NULL,
        pdf BLOB NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (invoice_id, language)
      );

      CREATE TABLE dues (
        contact_id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        record TEXT NOT NULL
      );

      CREATE TABLE purchase_orders (
        id INTEGER PRIMARY KEY,
        project_code TEXT NOT NULL,
        record TEXT NOT NULL,
        fetched_at TEXT NOT NULL
      );

      -- The seller (this company) as the server printed it last; one row.
      CREATE TABLE account (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seller TEXT NOT NULL,
        source TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `);
  },
};
