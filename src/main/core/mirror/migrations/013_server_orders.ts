import type { Migration } from '@sqlite/types';

/**
 * Every desk holds the account's orders, not only those it entered: `server` keeps what the
 * server's getOrders says beyond the setOrder fields (the customer's name, the invoice issued from
 * the order and its number, who entered it), as JSON; NULL for an order made here and not read back.
 */
export const m013ServerOrders: Migration = {
  version: 13,
  name: 'server orders',
  up(db) {
    db.exec('ALTER TABLE orders ADD COLUMN server TEXT');
  },
};
