import { OUTBOX_STATES, type OutboxEntryView } from '@shared/ipc';
import { useChannel } from './ipc';

/**
 * One outbox entry as it fares now, for the status line under a posted document (transfer,
 * receiving, purchase order). The read asks for every state: by default the list holds only what
 * still waits, and a confirmed entry would look as if it were still queued. The screens share this
 * one read (one cache key), which the core's outbox events keep current.
 */
export function useOutboxEntry(entryId: number): OutboxEntryView | undefined {
  const { data } = useChannel('outbox.list', { states: [...OUTBOX_STATES] });
  return data?.find((x) => x.id === entryId);
}
