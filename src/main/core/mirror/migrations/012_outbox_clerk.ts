import type { Migration } from '@sqlite/types';

/**
 * The clerk who made each outbox entry (issue 19: several clerks on one desk, each with their own
 * keys; every entry is sent with its own clerk's keys). The id is the desk-local clerk id of the
 * clerk book (core/clerkBook.ts), never a key. Rows written before this migration stay NULL: they
 * were all made with the desk's one pair of keys, which the clerk book reads back as the clerk
 * LEGACY_CLERK_ID ('desk'), so NULL means exactly "the desk's only keys" (keysFor). The migration
 * cannot fill in an id itself: the keys live outside the mirror (the OS key store).
 */
export const m012OutboxClerk: Migration = {
  version: 12,
  name: 'outbox clerk',
  up(db) {
    db.exec('ALTER TABLE outbox ADD COLUMN clerk_id TEXT');
  },
};
