/**
 * The preload as it ships: compiled the way electron-vite compiles it (CommonJS, the contract's
 * names compiled in) and run in a bare VM context whose only module is a fake 'electron'.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES, type IpcResponse } from '@shared/ipc/channels';
import { compilePreload, loadPreload, type Api } from './fixtures/preload';

describe('preload', () => {
  let code = '';
  beforeAll(async () => {
    code = await compilePreload();
  });

  const okEcho = (channel: string, request: unknown): IpcResponse<unknown> => ({ ok: true, result: { channel, request } });

  it('requires nothing but electron and exposes exactly window.stockdesk = { platform, invoke, on }', () => {
    const { exposed, required } = loadPreload(code, okEcho);
    expect(required).toEqual(['electron']);
    expect(exposed.map(([k]) => k)).toEqual(['stockdesk']);
    const api = exposed[0]?.[1] as Api;
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'platform']);
    expect(api.platform).toBe('electron');
    expect(typeof api.invoke).toBe('function');
    expect(typeof api.on).toBe('function');
  });

  it('knows every channel and event of the contract, without bundling the schemas', async () => {
    const { exposed, ipcRenderer } = loadPreload(code, okEcho);
    const api = exposed[0]?.[1] as Api;
    for (const channel of CHANNEL_NAMES) await api.invoke(channel, {});
    expect(ipcRenderer.invoke.mock.calls.map((c) => c[1])).toEqual(CHANNEL_NAMES);
    for (const event of EVENT_NAMES) expect(typeof api.on(event, () => undefined)).toBe('function');
    expect(code).not.toMatch(/zod|fast-xml-parser|safeParse/);
  });

  it('sends known channels over the one invoke channel and resolves with the result', async () => {
    const { exposed, ipcRenderer } = loadPreload(code, okEcho);
    const api = exposed[0]?.[1] as Api;
    await expect(api.invoke('products.search', { query: 'szűrő' })).resolves.toEqual({ channel: 'products.search', request: { query: 'szűrő' } });
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('stockdesk:invoke', 'products.search', { query: 'szűrő' });
    await api.invoke('settings.get');
    expect(ipcRenderer.invoke).toHaveBeenLastCalledWith('stockdesk:invoke', 'settings.get', {});
    expect(ipcRenderer.send).not.toHaveBeenCalled();
  });

  it('refuses unknown channels without sending anything', async () => {
    const { exposed, ipcRenderer } = loadPreload(code, okEcho);
    const api = exposed[0]?.[1] as Api;
    for (const channel of ['stockdesk:invoke', 'shell.openExternal', '__proto__', 'constructor', '', 'toString']) {
      await expect(api.invoke(channel, {}), channel).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect(ipcRenderer.invoke).not.toHaveBeenCalled();
  });

  it('rejects with a plain {name, code, message, details} that survives the context bridge', async () => {
    const details = [{ field: 'lines.0.quantity', message: 'must be greater than 0' }];
    const { exposed } = loadPreload(code, () => ({ ok: false, error: { code: 'VALIDATION_ERROR', message: 'lines.0.quantity must be greater than 0', details } }));
    const api = exposed[0]?.[1] as Api;
    const err = await api.invoke('stock.takeIn', {}).catch((e: unknown) => e);
    expect(err).toEqual({ name: 'StockdeskError', code: 'VALIDATION_ERROR', message: 'lines.0.quantity must be greater than 0', details });
  });

  it('delivers known events without the IPC event object, and unsubscribes', () => {
    const { exposed, emit } = loadPreload(code, okEcho);
    const api = exposed[0]?.[1] as Api;
    const seen: unknown[][] = [];
    const off = api.on('outbox.changed', (...args) => seen.push(args));
    emit('outbox.changed', { queued: 1, inFlight: 0, needsAttention: 0 });
    emit('sync.status', { online: true });
    off();
    emit('outbox.changed', { queued: 2, inFlight: 0, needsAttention: 0 });
    expect(seen).toEqual([[{ queued: 1, inFlight: 0, needsAttention: 0 }]]);
    expect(() => api.on('not.an.event', () => undefined)).toThrow(/Unknown event/);
    expect(() => api.on('sync.status', 'x' as never)).toThrow(/function/);
  });
});
