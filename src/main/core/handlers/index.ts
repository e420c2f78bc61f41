/** Every core channel of the IPC contract, one handler each; the type makes a missing one a compile error. */
import { backupHandlers } from './backup';
import type { CoreChannel, Handlers } from './context';
import { countHandlers } from './counts';
import { dataioHandlers } from './dataio';
import { draftHandlers } from './drafts';
import { dueHandlers } from './dues';
import { invoiceHandlers } from './invoices';
import { orderHandlers } from './orders';
import { outboxHandlers } from './outbox';
import { clerkHandlers } from './clerks';
import { productHandlers } from './products';
import { reorderHandlers } from './reorder';
import { settingsHandlers } from './settings';
import { stockHandlers } from './stock';
import { stockworkHandlers } from './stockwork';
import { receivingHandlers } from './receiving';
import { valuationHandlers } from './valuation';
import { labelHandlers } from './labels';

export const HANDLERS: Handlers<CoreChannel> = {
  ...settingsHandlers, ...clerkHandlers, ...productHandlers, ...stockHandlers, ...countHandlers, ...orderHandlers, ...invoiceHandlers, ...dueHandlers,
  ...outboxHandlers, ...draftHandlers, ...backupHandlers, ...stockworkHandlers, ...receivingHandlers, ...valuationHandlers, ...reorderHandlers, ...dataioHandlers, ...labelHandlers,
};
