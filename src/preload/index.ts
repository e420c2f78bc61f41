// Sandboxed preload (built as CommonJS): exposes window.stockdesk and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import type { ChannelName, EventName } from '@shared/ipc/channels';
import { createStockdeskApi } from './api';

// Compiled in from the contract (build/preloadDefines.ts): the preload cannot load zod.
declare const __STOCKDESK_CHANNELS__: ChannelName[];
declare const __STOCKDESK_EVENTS__: EventName[];

contextBridge.exposeInMainWorld('stockdesk', createStockdeskApi(ipcRenderer, { channels: __STOCKDESK_CHANNELS__, events: __STOCKDESK_EVENTS__ }));
