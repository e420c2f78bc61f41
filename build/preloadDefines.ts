import { CHANNEL_NAMES, EVENT_NAMES } from '../src/shared/ipc/channels.ts';

/**
 * The contract's channel and event names, compiled into the preload as constants. A sandboxed
 * preload can require nothing but 'electron', and importing channels.ts would pull zod and the
 * protocol schemas in with the names.
 */
export const preloadDefines = (): Record<string, string> => ({
  __STOCKDESK_CHANNELS__: JSON.stringify(CHANNEL_NAMES),
  __STOCKDESK_EVENTS__: JSON.stringify(EVENT_NAMES),
});
