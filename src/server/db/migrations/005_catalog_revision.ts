import type { Migration } from '../types';

/**
 * The catalog revision that keeps getProduct's in-memory filter index (db/sqlite/productIndex.ts) exact
 * across processes: every insert, and every change of a product's search text, bumps its account's
 * revision and stamps the product with it, in the writer's transaction. A reader that sees revision
 * R has seen every product stamped up to R; the products stamped after its index are what changed.
 * Existing products keep revision 0, which an index built at revision 0 already holds.
 */
export const m005CatalogRevision: Migration = {
  version: 5,
  name: 'catalog_revision',
  up(db) {
    db.exec(`
      CREATE TABLE catalog_revisions (
        account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
        rev INTEGER NOT NULL
      );
      ALTER TABLE products ADD COLUMN search_rev INTEGER NOT NULL DEFAULT 0;
      CREATE INDEX products_search_rev ON products (account_id, search_rev);
      CREATE TRIGGER products_rev_ai AFTER INSERT ON products BEGIN
        INSERT INTO catalog_revisions (account_id, rev) VALUES (new.account_id, 1)
          ON CONFLICT (account_id) DO UPDATE SET rev = rev + 1;
        UPDATE products SET search_rev = (SELECT rev FROM catalog_revisions WHERE account_id = new.account_id) WHERE id = new.id;
      END;
      CREATE TRIGGER products_rev_au AFTER UPDATE OF search ON products BEGIN
        INSERT INTO catalog_revisions (account_id, rev) VALUES (new.account_id, 1)
          ON CONFLICT (account_id) DO UPDATE SET rev = rev + 1;
        UPDATE products SET search_rev = (SELECT rev FROM catalog_revisions WHERE account_id = new.account_id) WHERE id = new.id;
      END;
    `);
  },
};
