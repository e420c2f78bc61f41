import type { Migration } from '../types';

/** Accounts and what every area shares: credentials, idempotency, contacts, bank accounts, attachments. */
export const m001Core: Migration = {
  version: 1,
  name: 'core',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        default_currency TEXT NOT NULL DEFAULT 'HUF',
        country_code TEXT NOT NULL DEFAULT 'HU',
        postal_code TEXT NOT NULL DEFAULT '',
        city TEXT NOT NULL DEFAULT '',
        street TEXT NOT NULL DEFAULT '',
        tax_number TEXT,
        eu_vat_number TEXT,
        email TEXT,
        phone TEXT,
        created_at TEXT NOT NULL
      );
      CREATE TABLE api_keys (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        label TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        key_hash TEXT NOT NULL UNIQUE,
        label TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT
      );
      CREATE TABLE idempotency (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        request_id TEXT NOT NULL,
        method TEXT NOT NULL,
        params_hash TEXT NOT NULL,
        response TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (account_id, request_id)
      ) WITHOUT ROWID;
      CREATE TABLE bank_accounts (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        number TEXT NOT NULL,
        bank_name TEXT NOT NULL DEFAULT '',
        currency TEXT NOT NULL DEFAULT 'HUF',
        swift TEXT,
        UNIQUE (account_id, number)
      );
      CREATE TABLE contacts (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('customer', 'supplier', 'both')),
        country_code TEXT NOT NULL DEFAULT 'HU',
        postal_code TEXT,
        city TEXT,
        street TEXT,
        tax_number TEXT,
        eu_vat_number TEXT,
        email TEXT,
        phone TEXT,
        customer_vat_type TEXT,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX contacts_account_name ON contacts (account_id, name);
      CREATE INDEX contacts_account_updated ON contacts (account_id, updated_at);
      CREATE TABLE custom_field_defs (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        area TEXT NOT NULL CHECK (area IN ('finance', 'finance_item', 'order')),
        name TEXT NOT NULL,
        type TEXT NOT NULL CHECK (type IN ('text', 'number', 'date', 'checkbox', 'radio')),
        options TEXT NOT NULL DEFAULT '[]',
        UNIQUE (account_id, area, name)
      );
      CREATE TABLE envfee_codes (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        code INTEGER NOT NULL,
        description TEXT NOT NULL,
        PRIMARY KEY (account_id, code)
      ) WITHOUT ROWID;
      CREATE TABLE attachments (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        owner_type TEXT NOT NULL CHECK (owner_type IN ('product', 'invoice', 'contact')),
        owner_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        filename TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        content BLOB NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX attachments_owner ON attachments (account_id, owner_type, owner_id);
    `);
  },
};
