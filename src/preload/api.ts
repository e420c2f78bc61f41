/**
 * window.stockdesk for Electron, built over the few ipcRenderer calls it needs so it can be tested
 * without Electron. The page never sees ipcRenderer or an IPC event object.
 */
import type { ChannelName, EventName, IpcErrorBody, IpcResponse, StockdeskApi } from '@shared/ipc/channels';

export const INVOKE_CHANNEL = 'stockdesk:invoke';
export const EVENT_CHANNEL = 'stockdesk:event';

export interface PreloadIpc {
  invoke(channel: typeof INVOKE_CHANNEL, name: ChannelName, request: unknown): Promise<unknown>;
  on(channel: typeof EVENT_CHANNEL, listener: (event: unknown, name: unknown, payload: unknown) => void): unknown;
}

/**
 * What invoke rejects with. Not an Error instance: contextBridge copies a rejected Error with its
 * message only and drops `code` and `details` (electron/electron#25596), while a plain object
 * crosses intact. The renderer's toInvokeError reads either shape.
 */
export interface StockdeskRejection extends IpcErrorBody {
  name: 'StockdeskError';
}

export function ipcError(body: IpcErrorBody): StockdeskRejection {
  return { name: 'StockdeskError', code: body.code, message: body.message, details: body.details.map((d) => ({ field: d.field, message: d.message })) };
}

export interface ContractNames {
  channels: readonly ChannelName[];
  events: readonly EventName[];
}

export function createStockdeskApi(ipc: PreloadIpc, names: ContractNames): StockdeskApi {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
    for (const l of listeners.get(name as EventName) ?? []) l(payload as never);
  });

  const invoke = async (channel: ChannelName, request: unknown): Promise<unknown> => {
    if (!names.channels.includes(channel)) {
      throw ipcError({ code: 'VALIDATION_ERROR', message: `Unknown channel ${String(channel).slice(0, 60)}.`, details: [] });
    }
    const response = (await ipc.invoke(INVOKE_CHANNEL, channel, request ?? {})) as IpcResponse<unknown>;
    if (!response.ok) throw ipcError(response.error);
    return response.result;
  };

  const on = (event: EventName, listener: (payload: never) => void): (() => void) => {
    if (!names.events.includes(event)) throw new Error(`Unknown event ${String(event).slice(0, 60)}.`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  };

  return { platform: 'electron', invoke: invoke as StockdeskApi['invoke'], on: on as StockdeskApi['on'] };
}
