import type { Migration } from '@sqlite/types';

/** What only this desk has: count sheets, drafts, settings and the sync bookkeeping. */
export const m004Local: Migration = {
  version: 4,
  name: 'local',
  up(db) {
    db.exec(`
      CREATE TABLE count_sheets (
        id INTEGER PRIMARY KEY,
        warehouse TEXT NOT NULL,
        stock_label TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE TABLE count_lines (
        sheet_id INTEGER NOT NULL REFERENCES count_sheets(id) ON DELETE CASCADE,
        product_id INTEGER NOT NULL,
        -- What the clerk saw when counting (confirmed + pending), frozen once counted.
        expected_milli INTEGER NOT NULL,
        counted_milli INTEGER,
        position INTEGER NOT NULL,
        PRIMARY KEY (sheet_id, product_id)
      ) WITHOUT ROWID;

      CREATE TABLE drafts (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `);
  },
};
