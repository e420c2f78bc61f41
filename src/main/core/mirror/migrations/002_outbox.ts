import type { Migration } from '@sqlite/types';

/**
 * The outbox: every write a clerk makes, in order, with its request_id; the optimistic stock
 * deltas it carries; the map from local (negative) ids to the ids the server assigned.
 */
export const m002Outbox: Migration = {
  version: 2,
  name: 'outbox',
  up(db) {
    db.exec(`
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        method TEXT NOT NULL,
        -- JSON; may hold local (negative) ids, resolved through id_map when sent.
        params TEXT NOT NULL,
        request_id TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('queued', 'in_flight', 'retry_wait', 'needs_attention', 'done', 'discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        summary TEXT NOT NULL,
        -- Entries of one queue (one product, order or invoice) run strictly one after another.
        queue_key TEXT NOT NULL,
        -- "product:-3" when this entry creates a record offline.
        creates TEXT,
        -- Local ids this entry's parameters refer to, JSON list of "kind:-n".
        refs TEXT NOT NULL DEFAULT '[]',
        last_error TEXT,
        error_code TEXT,
        error_details TEXT NOT NULL DEFAULT '[]',
        blocked_by INTEGER,
        -- Stock counts: {productId, warehouse, stockLabel, expected, counted} in units.
        count_info TEXT,
        count_conflict TEXT,
        -- What to restore when the entry is discarded.
        undo TEXT,
        result TEXT,
        -- 1 once the command may have reached the server (then a retry must not re-check a count).
        sent INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX outbox_state ON outbox (state, id);
      CREATE INDEX outbox_queue ON outbox (queue_key, id);

      CREATE TABLE id_map (
        kind TEXT NOT NULL,
        local_id INTEGER NOT NULL,
        server_id INTEGER NOT NULL,
        PRIMARY KEY (kind, local_id)
      ) WITHOUT ROWID;
      -- Local ids are never reused, even after a row was renumbered to its server id.
      CREATE TABLE local_ids (kind TEXT PRIMARY KEY, last INTEGER NOT NULL);

      -- Stock changes still in the outbox, in thousandths; 'acked' ones wait for a refreshed quantity.
      CREATE TABLE stock_pending (
        entry_id INTEGER NOT NULL,
        product_id INTEGER NOT NULL,
        warehouse TEXT NOT NULL,
        stock_label TEXT NOT NULL DEFAULT '',
        qty_milli INTEGER NOT NULL,
        acked INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX stock_pending_product ON stock_pending (product_id, warehouse);
      CREATE INDEX stock_pending_entry ON stock_pending (entry_id);
      -- Products whose confirmed quantities should be read again from the server.
      CREATE TABLE stale_quantities (product_id INTEGER PRIMARY KEY);
    `);
  },
};
