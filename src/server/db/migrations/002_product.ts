import type { Migration } from '../types';

/**
 * The product area: catalog, warehouses, the stock ledger, orders with their reservations and
 * purchase orders. Quantities are INTEGER thousandths (`*_milli`) so that SQL sums are exact;
 * prices and rates are canonical decimal TEXT computed with @shared/money.
 */
export const m002Product: Migration = {
  version: 2,
  name: 'product',
  up(db) {
    db.exec(`
      CREATE TABLE warehouses (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        name TEXT NOT NULL,
        -- Names are unique per account case-insensitively, accented capitals included (GYŐR = Győr).
        name_key TEXT NOT NULL,
        postal_code TEXT,
        city TEXT,
        street TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, name_key)
      );

      CREATE TABLE products (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        product_name TEXT NOT NULL,
        action INTEGER NOT NULL DEFAULT 0,
        list_price TEXT,
        wholesale_price TEXT,
        purchase_price TEXT,
        currency TEXT NOT NULL,
        vat TEXT NOT NULL,
        unit TEXT NOT NULL,
        discount1 TEXT,
        discount2 TEXT,
        discount3 TEXT,
        manufacturer TEXT,
        item_number TEXT,
        ean_number TEXT,
        foreign_item_number TEXT,
        vtsz_number TEXT,
        product_group TEXT,
        description TEXT,
        notes TEXT,
        tags TEXT NOT NULL DEFAULT '[]',
        photo TEXT,
        photo_attachment_id INTEGER,
        size TEXT,
        color TEXT,
        net_weight TEXT,
        accounting_number TEXT,
        service INTEGER NOT NULL DEFAULT 0,
        country_code TEXT,
        envfee_code INTEGER,
        depreciation TEXT,
        -- The searched fields lower-cased, each between U+001F separators (see repos/products.ts).
        search TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX products_account_id ON products (account_id, id);
      CREATE INDEX products_account_updated ON products (account_id, updated_at);

      -- Trigram index over the search column: accelerates LIKE '%abc%' style filters.
      CREATE VIRTUAL TABLE products_fts USING fts5 (search, content = 'products', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');
      CREATE TRIGGER products_fts_ai AFTER INSERT ON products BEGIN
        INSERT INTO products_fts (rowid, search) VALUES (new.id, new.search);
      END;
      CREATE TRIGGER products_fts_ad AFTER DELETE ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search) VALUES ('delete', old.id, old.search);
      END;
      CREATE TRIGGER products_fts_au AFTER UPDATE OF search ON products BEGIN
        INSERT INTO products_fts (products_fts, rowid, search) VALUES ('delete', old.id, old.search);
        INSERT INTO products_fts (rowid, search) VALUES (new.id, new.search);
      END;

      CREATE TABLE product_components (
        product_id INTEGER NOT NULL REFERENCES products(id),
        position INTEGER NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        component_id INTEGER NOT NULL REFERENCES products(id),
        qty TEXT NOT NULL,
        PRIMARY KEY (product_id, position)
      ) WITHOUT ROWID;

      -- The stock ledger: a receipt (take-in, wasting, delivery, PO take-in) and its signed lines.
      CREATE TABLE stock_receipts (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL CHECK (kind IN ('takein', 'wasting', 'delivery', 'po_takein')),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        contact_id INTEGER REFERENCES contacts(id),
        order_id INTEGER,
        po_id INTEGER,
        invoice_id INTEGER,
        date TEXT NOT NULL,
        price TEXT,
        currency TEXT,
        fxrate TEXT,
        gross_weight TEXT,
        package_type TEXT,
        country_code TEXT,
        batch_no TEXT,
        expire_date TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX stock_receipts_po ON stock_receipts (po_id) WHERE po_id IS NOT NULL;
      CREATE TABLE stock_moves (
        id INTEGER PRIMARY KEY,
        receipt_id INTEGER NOT NULL REFERENCES stock_receipts(id),
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        stock_label TEXT NOT NULL DEFAULT '',
        qty_milli INTEGER NOT NULL CHECK (qty_milli <> 0)
      );
      CREATE INDEX stock_moves_level ON stock_moves (account_id, product_id, warehouse_id, stock_label);
      CREATE INDEX stock_moves_receipt ON stock_moves (receipt_id);
      -- Materialised sum of stock_moves, written in the same transaction as every move.
      CREATE TABLE stock_levels (
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        stock_label TEXT NOT NULL,
        qty_milli INTEGER NOT NULL,
        PRIMARY KEY (account_id, product_id, warehouse_id, stock_label)
      ) WITHOUT ROWID;
      -- When a product's stock or reservations last changed, for getQuantities updated_since.
      CREATE TABLE stock_changes (
        product_id INTEGER PRIMARY KEY REFERENCES products(id),
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        changed_at TEXT NOT NULL
      );
      CREATE INDEX stock_changes_account ON stock_changes (account_id, changed_at);
      CREATE TABLE voucher_serials (
        product_id INTEGER NOT NULL REFERENCES products(id),
        serial INTEGER NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        receipt_id INTEGER NOT NULL REFERENCES stock_receipts(id),
        PRIMARY KEY (product_id, serial)
      ) WITHOUT ROWID;

      CREATE TABLE orders (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        status TEXT NOT NULL CHECK (status IN ('open', 'finalized', 'proposal', 'shipped')),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        shipping_aim TEXT NOT NULL,
        method TEXT NOT NULL,
        issued_date TEXT NOT NULL,
        selected_account TEXT NOT NULL,
        contact_id INTEGER NOT NULL REFERENCES contacts(id),
        currency TEXT NOT NULL,
        fx_rate TEXT,
        language TEXT,
        order_description TEXT,
        issuer_swift TEXT,
        issuer_email TEXT,
        issuer_phone TEXT,
        order_all INTEGER NOT NULL DEFAULT 0,
        task_id INTEGER,
        custom_fields TEXT NOT NULL DEFAULT '{}',
        net TEXT NOT NULL,
        vat TEXT NOT NULL,
        gross TEXT NOT NULL,
        net_huf TEXT,
        vat_huf TEXT,
        gross_huf TEXT,
        shipped_date TEXT,
        invoice_id INTEGER,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX orders_account ON orders (account_id, id);
      CREATE TABLE order_items (
        order_id INTEGER NOT NULL REFERENCES orders(id),
        position INTEGER NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        qty_milli INTEGER NOT NULL CHECK (qty_milli > 0),
        shipped_milli INTEGER NOT NULL DEFAULT 0,
        name TEXT NOT NULL,
        unit TEXT NOT NULL,
        unit_price TEXT NOT NULL,
        discount TEXT NOT NULL,
        vat TEXT NOT NULL,
        description TEXT,
        PRIMARY KEY (order_id, position)
      ) WITHOUT ROWID;
      -- Stock held for finalized, unshipped orders: per product × warehouse, not per label.
      CREATE TABLE reservations (
        order_id INTEGER NOT NULL REFERENCES orders(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        qty_milli INTEGER NOT NULL CHECK (qty_milli > 0),
        PRIMARY KEY (order_id, product_id)
      ) WITHOUT ROWID;
      CREATE INDEX reservations_level ON reservations (account_id, product_id, warehouse_id);

      CREATE TABLE purchase_orders (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        project_code TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'received')),
        supplier_contact_id INTEGER NOT NULL REFERENCES contacts(id),
        warehouse_id INTEGER NOT NULL REFERENCES warehouses(id),
        order_id INTEGER REFERENCES orders(id),
        created_at TEXT NOT NULL,
        received_at TEXT,
        UNIQUE (account_id, project_code)
      );
      CREATE TABLE purchase_order_lines (
        po_id INTEGER NOT NULL REFERENCES purchase_orders(id),
        position INTEGER NOT NULL,
        account_id INTEGER NOT NULL REFERENCES accounts(id),
        product_id INTEGER NOT NULL REFERENCES products(id),
        qty_milli INTEGER NOT NULL CHECK (qty_milli > 0),
        received_milli INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (po_id, position)
      ) WITHOUT ROWID;

      -- Every account has a warehouse called Default.
      INSERT INTO warehouses (account_id, name, name_key, created_at)
        SELECT id, 'Default', 'default', created_at FROM accounts;
    `);
  },
};
