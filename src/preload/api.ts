/**
 * window.stockdesk for Electron, built over the few ipcRenderer calls it needs so it can be tested
 * without Electron. The page never sees ipcRenderer or an IPC event object.
 */
import { CHANNEL_NAMES, EVENT_NAMES, type ChannelName, type EventName, type IpcErrorBody, type IpcResponse, type StockdeskApi } from '@shared/ipc/channels';

export const INVOKE_CHANNEL = 'stockdesk:invoke';
export const EVENT_CHANNEL = 'stockdesk:event';

export interface PreloadIpc {
  invoke(channel: typeof INVOKE_CHANNEL, name: ChannelName, request: unknown): Promise<unknown>;
  on(channel: typeof EVENT_CHANNEL, listener: (event: unknown, name: unknown, payload: unknown) => void): unknown;
}

/** An Error the screens can read `code` and `details` from (plain fields: it crosses the context bridge). */
export function ipcError(body: IpcErrorBody): Error & IpcErrorBody {
  return Object.assign(new Error(body.message), { code: body.code, details: body.details });
}

export function createStockdeskApi(ipc: PreloadIpc): StockdeskApi {
  const listeners = new Map<EventName, Set<(payload: never) => void>>();
  ipc.on(EVENT_CHANNEL, (_event, name, payload) => {
    for (const l of listeners.get(name as EventName) ?? []) l(payload as never);
  });

  const invoke = async (channel: ChannelName, request: unknown): Promise<unknown> => {
    if (!CHANNEL_NAMES.includes(channel)) {
      throw ipcError({ code: 'VALIDATION_ERROR', message: `Unknown channel ${String(channel).slice(0, 60)}.`, details: [] });
    }
    const response = (await ipc.invoke(INVOKE_CHANNEL, channel, request ?? {})) as IpcResponse<unknown>;
    if (!response.ok) throw ipcError(response.error);
    return response.result;
  };

  const on = (event: EventName, listener: (payload: never) => void): (() => void) => {
    if (!EVENT_NAMES.includes(event)) throw new Error(`Unknown event ${String(event).slice(0, 60)}.`);
    if (typeof listener !== 'function') throw new Error('listener must be a function');
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  };

  return { platform: 'electron', invoke: invoke as StockdeskApi['invoke'], on: on as StockdeskApi['on'] };
}
