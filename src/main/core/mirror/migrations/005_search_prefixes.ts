import type { Migration } from '@sqlite/types';

/**
 * Free-text search of a 100,000-product catalog: every word is a prefix query ("bosch"*), and
 * FTS5 answers a prefix longer than its prefix indexes by merging the doclist of every term that
 * starts with it, for each query, before the first row comes out. Prefix indexes up to 6
 * characters make such a word one doclist read; most words a clerk types are that short, and a
 * longer one still matches exactly as before, only slower. The index is rebuilt from `products`
 * (external content), so nothing is pulled again. The triggers of 001 name the table and keep
 * working on the new one.
 */
export const m005SearchPrefixes: Migration = {
  version: 5,
  name: 'search prefixes',
  up(db) {
    db.exec(`
      DROP TABLE products_fts;
      CREATE VIRTUAL TABLE products_fts USING fts5 (search, content = 'products', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6');
      INSERT INTO products_fts (products_fts) VALUES ('rebuild');
    `);
  },
};
