import type { Migration } from '@sqlite/types';

/**
 * Reorder (issue 18). reorder_rules: the server's rules (getReorderRules) and the clerk's unconfirmed
 * edits (pending_entry = the outbox entry writing it; removed = 1 while a removal travels), keyed by
 * product and scope (warehouse '' = every warehouse); incoming_milli is what the server counted on open
 * purchase orders. incoming_pending: the lines of purchase orders this desk queued, counted as incoming
 * until the rules are read again after the server confirmed them (acked). posted_pos: the server's code
 * of each purchase order this desk created, by outbox entry.
 */
export const m011Reorder: Migration = {
  version: 11,
  name: 'reorder',
  up(db) {
    db.exec(`
      CREATE TABLE reorder_rules (
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        min_milli INTEGER NOT NULL,
        reorder_milli INTEGER NOT NULL,
        supplier_id INTEGER,
        supplier_name TEXT,
        incoming_milli INTEGER NOT NULL DEFAULT 0,
        pending_entry INTEGER,
        removed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (product_id, warehouse)
      ) WITHOUT ROWID;
      CREATE TABLE incoming_pending (
        entry_id INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        qty_milli INTEGER NOT NULL,
        acked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX incoming_pending_product ON incoming_pending (product_id);
      CREATE TABLE posted_pos (entry_id INTEGER PRIMARY KEY, po_id INTEGER NOT NULL, project_code TEXT NOT NULL);
    `);
  },
};
