import type { Migration } from '@sqlite/types';

/**
 * Why the server refused an outbox entry, as data ({reason, figures} from src/shared/protocol/reasons.ts),
 * so the sync centre words the refusal in the clerk's language and offers the fixes that fit.
 * Older rows and refusals without a reason stay NULL and show the server's message.
 */
export const m009OutboxReason: Migration = {
  version: 9,
  name: 'outbox refusal reason',
  up(db) {
    db.exec('ALTER TABLE outbox ADD COLUMN error_reason TEXT');
  },
};
