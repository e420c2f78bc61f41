/**
 * Submitting invoices to NAV Online Számla (docs/nav.md): each account's technical user
 * (nav_connections: the password only as its SHA-512 hash, the two keys encrypted under the server's
 * secret), and nav_submissions grown from a record of built invoice data into the submission queue.
 *
 * A submission row is one operation at NAV: CREATE/MODIFY/STORNO of an invoice, or ANNUL (a technical
 * annulment, annul_code/annul_reason). status is what the API shows (services/finance/navStates.ts);
 * next_attempt_ms is when a worker may take it next (NULL: nothing to do, or waiting for a person),
 * and a worker takes it by moving that time to its lease and writing its claim token in one UPDATE
 * (repos/navSubmissions.ts, claimDue). in_doubt marks a manageInvoice whose answer never came: the
 * worker finds out what NAV holds before sending it again (spec 1.9.2). check_first marks rows built
 * before this migration, which an operator may have reported through the portal meanwhile.
 */
import type { MigrationStep } from './storeMigration';

const T = { sqlite: 'TEXT', postgres: 'text COLLATE "C"' };
const I = { sqlite: 'INTEGER', postgres: 'bigint' };
const add = (column: string, type: { sqlite: string; postgres: string }, tail = ''): MigrationStep => ({
  sqlite: `ALTER TABLE nav_submissions ADD COLUMN ${column} ${type.sqlite}${tail}`,
  postgres: `ALTER TABLE nav_submissions ADD COLUMN ${column} ${type.postgres}${tail}`,
});

export const NAV_QUEUE_STEPS: readonly MigrationStep[] = [
  {
    sqlite: `CREATE TABLE nav_connections (account_id INTEGER PRIMARY KEY REFERENCES accounts(id), url TEXT NOT NULL, login TEXT NOT NULL,
      password_hash TEXT NOT NULL, signing_key_enc TEXT NOT NULL, exchange_key_enc TEXT NOT NULL, tax_number TEXT NOT NULL,
      revision INTEGER NOT NULL, updated_at TEXT NOT NULL)`,
    postgres: `CREATE TABLE nav_connections (account_id bigint PRIMARY KEY REFERENCES accounts(id), url text COLLATE "C" NOT NULL, login text COLLATE "C" NOT NULL,
      password_hash text COLLATE "C" NOT NULL, signing_key_enc text COLLATE "C" NOT NULL, exchange_key_enc text COLLATE "C" NOT NULL, tax_number text COLLATE "C" NOT NULL,
      revision bigint NOT NULL, updated_at text COLLATE "C" NOT NULL)`,
  },
  add('operation', T, " NOT NULL DEFAULT 'CREATE'"),
  add('invoice_number', T),
  add('transaction_id', T),
  add('batch_index', I),
  add('messages', T, " NOT NULL DEFAULT '[]'"),
  add('next_attempt_ms', I),
  add('attempts', I, ' NOT NULL DEFAULT 0'),
  add('last_error', T),
  add('sent_at', T),
  add('in_doubt', I, ' NOT NULL DEFAULT 0'),
  add('check_first', I, ' NOT NULL DEFAULT 0'),
  add('claim', T),
  add('updated_at', T),
  add('annul_code', T),
  add('annul_reason', T),
  add('round', I, ' NOT NULL DEFAULT 0'),
  // Built before submitting existed: the latest of each invoice is queued now, checked at NAV first (an
  // operator may have used the portal meanwhile); earlier copies stay 'not_sent', as history.
  `UPDATE nav_submissions SET status = 'waiting', check_first = 1, next_attempt_ms = 0,
     invoice_number = (SELECT i.invoice_number FROM invoices i WHERE i.id = nav_submissions.invoice_id),
     operation = CASE WHEN (SELECT i.type FROM invoices i WHERE i.id = nav_submissions.invoice_id) = 'storno' THEN 'STORNO' ELSE 'CREATE' END
   WHERE status = 'not_sent' AND id = (SELECT max(s2.id) FROM nav_submissions s2 WHERE s2.invoice_id = nav_submissions.invoice_id)`,
  // One report of an invoice per round (a round ends with a confirmed technical annulment): two
  // generateInvoice calls at once on two instances insert one row, the other finds it.
  "CREATE UNIQUE INDEX nav_submissions_once ON nav_submissions (invoice_id, round) WHERE operation <> 'ANNUL' AND status <> 'not_sent'",
  'CREATE INDEX nav_submissions_due ON nav_submissions (account_id, next_attempt_ms) WHERE next_attempt_ms IS NOT NULL',
  'CREATE INDEX nav_submissions_claim ON nav_submissions (claim) WHERE claim IS NOT NULL',
];
