import type { Migration } from '../types';

/**
 * The finance area: invoices with their lines and retentions, the gap-free number counters,
 * payments, the outgoing mail queue and the NAV invoice-data submissions.
 *
 * Amounts are INTEGER minor units at scale 2 (toMinorUnits), so sums in SQL are exact; HUF amounts
 * use the same scale (whole forints × 100). Line inputs (quantity, unit price, rates) keep up to six
 * decimals, more than an INTEGER at a fixed scale can hold for the allowed magnitudes, so they are
 * canonical decimal TEXT. The parties are stored as issued (JSON snapshots): an invoice must print
 * the same seller and buyer data years later, whatever happens to the contact afterwards.
 */
export const m003Finance: Migration = {
  version: 3,
  name: 'finance',
  up(db) {
    db.exec(`
      CREATE TABLE invoice_counters (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        series TEXT NOT NULL,
        year INTEGER NOT NULL,
        last_seq INTEGER NOT NULL CHECK (last_seq > 0),
        PRIMARY KEY (account_id, series, year)
      ) WITHOUT ROWID;

      CREATE TABLE invoices (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        type TEXT NOT NULL CHECK (type IN ('invoice', 'proforma', 'storno')),
        invoice_number TEXT NOT NULL,
        series TEXT NOT NULL,
        year INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        crdr TEXT NOT NULL CHECK (crdr IN ('outgoing', 'received', 'advance in', 'advance out')),
        method TEXT NOT NULL,
        issued_date TEXT NOT NULL,
        payment_date TEXT NOT NULL,
        fulfillment_date TEXT NOT NULL,
        selected_account TEXT NOT NULL,
        contact_id INTEGER NOT NULL REFERENCES contacts(id),
        contact_name TEXT NOT NULL,
        currency TEXT NOT NULL,
        fx_rate TEXT,
        customer_vat_type TEXT NOT NULL,
        language TEXT NOT NULL,
        email TEXT,
        esignature INTEGER NOT NULL DEFAULT 0,
        esignature_note TEXT,
        invoice_description TEXT,
        central_description TEXT,
        issuer_swift TEXT,
        issuer_email TEXT,
        issuer_phone TEXT,
        custom_fields TEXT,
        order_id INTEGER,
        from_proforma_id INTEGER REFERENCES invoices(id),
        storno_of INTEGER REFERENCES invoices(id),
        cancelled_by INTEGER REFERENCES invoices(id),
        converted_to INTEGER REFERENCES invoices(id),
        seller TEXT NOT NULL,
        buyer TEXT NOT NULL,
        net_minor INTEGER NOT NULL,
        vat_minor INTEGER NOT NULL,
        gross_minor INTEGER NOT NULL,
        net_huf_minor INTEGER,
        vat_huf_minor INTEGER,
        gross_huf_minor INTEGER,
        paid_minor INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, invoice_number),
        UNIQUE (account_id, series, year, seq)
      );
      CREATE INDEX invoices_issued ON invoices (account_id, issued_date);
      CREATE INDEX invoices_contact ON invoices (account_id, contact_id, issued_date);
      -- One storno per original and one tax invoice per proforma, whatever the code above does.
      CREATE UNIQUE INDEX invoices_storno_of ON invoices (storno_of) WHERE storno_of IS NOT NULL;
      CREATE UNIQUE INDEX invoices_from_proforma ON invoices (from_proforma_id) WHERE from_proforma_id IS NOT NULL;
      -- Receivables with money still owed: what getDueCustomers reads. Its WHERE must match the query's,
      -- and it covers every column the query touches, so tens of thousands of open invoices are read
      -- from the index alone instead of one wide table row (with its party snapshots) at a time.
      CREATE INDEX invoices_open_receivables ON invoices (
        account_id, contact_id, currency, payment_date, id, invoice_number, issued_date, gross_minor, paid_minor, type, cancelled_by, crdr
      ) WHERE type = 'invoice' AND cancelled_by IS NULL AND crdr IN ('outgoing', 'advance out') AND paid_minor < gross_minor;

      CREATE TABLE invoice_lines (
        invoice_id INTEGER NOT NULL REFERENCES invoices(id),
        line_no INTEGER NOT NULL,
        name TEXT NOT NULL,
        description TEXT,
        unit TEXT NOT NULL,
        quantity TEXT NOT NULL,
        unit_price TEXT NOT NULL,
        discount TEXT NOT NULL,
        vat_rate TEXT NOT NULL,
        product_id INTEGER,
        vtsz TEXT,
        deposit INTEGER NOT NULL DEFAULT 0,
        custom_fields TEXT,
        net_minor INTEGER NOT NULL,
        vat_minor INTEGER NOT NULL,
        gross_minor INTEGER NOT NULL,
        net_huf_minor INTEGER,
        vat_huf_minor INTEGER,
        PRIMARY KEY (invoice_id, line_no)
      ) WITHOUT ROWID;

      CREATE TABLE invoice_retentions (
        invoice_id INTEGER NOT NULL REFERENCES invoices(id),
        idx INTEGER NOT NULL,
        name TEXT NOT NULL,
        amount_minor INTEGER NOT NULL,
        due_date TEXT NOT NULL,
        note TEXT,
        type INTEGER NOT NULL,
        vat TEXT,
        PRIMARY KEY (invoice_id, idx)
      ) WITHOUT ROWID;

      CREATE TABLE payments (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        invoice_id INTEGER NOT NULL REFERENCES invoices(id),
        amount_minor INTEGER NOT NULL CHECK (amount_minor <> 0),
        date TEXT NOT NULL,
        note TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX payments_invoice ON payments (invoice_id, id);

      CREATE TABLE mail_queue (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        invoice_id INTEGER NOT NULL UNIQUE REFERENCES invoices(id),
        to_addr TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        next_attempt_ms INTEGER,
        attachment_id INTEGER REFERENCES attachments(id),
        sent_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX mail_queue_due ON mail_queue (next_attempt_ms) WHERE status = 'pending';

      CREATE TABLE nav_submissions (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        invoice_id INTEGER NOT NULL REFERENCES invoices(id),
        nav_request_id TEXT NOT NULL,
        status TEXT NOT NULL,
        message TEXT NOT NULL,
        invoice_data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, nav_request_id)
      );
      CREATE INDEX nav_submissions_invoice ON nav_submissions (invoice_id, id);
    `);
  },
};
