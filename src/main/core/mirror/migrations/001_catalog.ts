import type { Migration } from '@sqlite/types';

/**
 * The catalog as the server last confirmed it: products (with a folded FTS5 index), warehouses,
 * stock per warehouse and label, reservations and contacts. Local products (made offline) have
 * negative ids until the server assigns theirs.
 */
export const m001Catalog: Migration = {
  version: 1,
  name: 'catalog',
  up(db) {
    db.exec(`
      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        local INTEGER NOT NULL DEFAULT 0,
        name TEXT NOT NULL,
        item_number TEXT,
        ean TEXT,
        manufacturer TEXT,
        product_group TEXT,
        unit TEXT NOT NULL,
        vat REAL NOT NULL,
        list_price REAL,
        currency TEXT NOT NULL,
        service INTEGER NOT NULL DEFAULT 0,
        -- The server's record (or, while local, the setProduct parameters) as JSON.
        record TEXT NOT NULL,
        search TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE INDEX products_ean ON products (ean) WHERE ean IS NOT NULL;
      CREATE INDEX products_item ON products (item_number COLLATE NOCASE) WHERE item_number IS NOT NULL;
      CREATE INDEX products_name ON products (name COLLATE NOCASE);
      CREATE VIRTUAL TABLE products_fts USING fts5 (search, content = 'products', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
      CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
        INSERT INTO products_fts (rowid, search) VALUES (new.id, new.search);
      END;
      CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search) VALUES ('delete', old.id, old.search);
      END;
      CREATE TRIGGER products_fts_au AFTER UPDATE OF id, search ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search) VALUES ('delete', old.id, old.search);
        INSERT INTO products_fts (rowid, search) VALUES (new.id, new.search);
      END;

      CREATE TABLE warehouses (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        city TEXT,
        record TEXT NOT NULL
      );

      -- Server-confirmed on-hand quantity, in thousandths.
      CREATE TABLE stock (
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        stock_label TEXT NOT NULL DEFAULT '',
        qty_milli INTEGER NOT NULL,
        PRIMARY KEY (product_id, warehouse, stock_label)
      ) WITHOUT ROWID;
      -- Reserved by finalized, unshipped orders (the server's "pending").
      CREATE TABLE reserved (
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        qty_milli INTEGER NOT NULL,
        PRIMARY KEY (product_id, warehouse)
      ) WITHOUT ROWID;

      CREATE TABLE contacts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        kind TEXT NOT NULL,
        country_code TEXT NOT NULL,
        city TEXT,
        tax_number TEXT,
        eu_vat_number TEXT,
        email TEXT,
        customer_vat_type TEXT,
        record TEXT NOT NULL,
        search TEXT NOT NULL,
        updated_at TEXT
      );
      CREATE INDEX contacts_name ON contacts (name COLLATE NOCASE);
    `);
  },
};
