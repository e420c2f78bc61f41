import type { Migration } from '@sqlite/types';

/**
 * A count line is a product in one bin (stock label), so a whole-warehouse count can list a
 * product once per bin and post each bin's difference to that bin. Lines of existing sheets were
 * lines of the sheet's own label; they keep it.
 */
export const m008CountLineBins: Migration = {
  version: 8,
  name: 'count line bins',
  up(db) {
    db.exec(`
      CREATE TABLE count_lines_new (
        sheet_id INTEGER NOT NULL REFERENCES count_sheets(id) ON DELETE CASCADE,
        product_id INTEGER NOT NULL,
        stock_label TEXT NOT NULL DEFAULT '',
        -- What the clerk saw when counting (confirmed + pending), frozen once counted.
        expected_milli INTEGER NOT NULL,
        counted_milli INTEGER,
        position INTEGER NOT NULL,
        -- When the line was last counted: a scan of a product in several bins counts on in the bin counted last.
        counted_seq INTEGER,
        PRIMARY KEY (sheet_id, product_id, stock_label)
      ) WITHOUT ROWID;
      INSERT INTO count_lines_new (sheet_id, product_id, stock_label, expected_milli, counted_milli, position)
        SELECT l.sheet_id, l.product_id, s.stock_label, l.expected_milli, l.counted_milli, l.position FROM count_lines l JOIN count_sheets s ON s.id = l.sheet_id;
      DROP TABLE count_lines;
      ALTER TABLE count_lines_new RENAME TO count_lines;
    `);
  },
};
