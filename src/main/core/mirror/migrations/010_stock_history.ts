import type { Migration } from '@sqlite/types';

/**
 * The newest page of a product's stock history per scope (all warehouses, a warehouse, a bin), as
 * the server last gave it (getStockHistory), so a clerk can read it offline; fetched_at says how
 * old it is. A scope's page is replaced whole on each fetch. Warehouse '' = every warehouse.
 */
export const m010StockHistory: Migration = {
  version: 10,
  name: 'stock history',
  up(db) {
    db.exec(`
      CREATE TABLE stock_history (
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        stock_label TEXT NOT NULL,
        position INTEGER NOT NULL,
        movement TEXT NOT NULL,
        PRIMARY KEY (product_id, warehouse, stock_label, position)
      ) WITHOUT ROWID;
      CREATE TABLE stock_history_scopes (
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        stock_label TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        more INTEGER NOT NULL,
        PRIMARY KEY (product_id, warehouse, stock_label)
      ) WITHOUT ROWID;
    `);
  },
};
