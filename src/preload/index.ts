// Sandboxed preload (built as CommonJS): exposes window.stockdesk and nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createStockdeskApi } from './api';

contextBridge.exposeInMainWorld('stockdesk', createStockdeskApi(ipcRenderer));
