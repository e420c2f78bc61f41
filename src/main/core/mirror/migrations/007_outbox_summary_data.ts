import type { Migration } from '@sqlite/types';

/**
 * What an outbox entry does, as data (OutboxSummary JSON), so the sync centre words it in the
 * clerk's language; `summary` keeps the English line for logs. Older rows stay NULL and show that line.
 */
export const m007OutboxSummaryData: Migration = {
  version: 7,
  name: 'outbox summary data',
  up(db) {
    db.exec('ALTER TABLE outbox ADD COLUMN summary_data TEXT');
  },
};
