/**
 * The preload as it ships: compiled the way electron-vite compiles it (CommonJS, the contract's
 * names compiled in) and run in a bare VM context whose only module is a fake 'electron'.
 */
import { runInNewContext } from 'node:vm';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadDefines } from '../../build/preloadDefines.ts';
import { CHANNEL_NAMES, EVENT_NAMES, type IpcResponse } from '@shared/ipc/channels';

type Api = { platform: string; invoke: (c: string, r?: unknown) => Promise<unknown>; on: (e: string, l: (p: unknown) => void) => () => void };

export async function compilePreload(): Promise<string> {
  const r = await build({
    entryPoints: ['src/preload/index.ts'],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'browser',
    external: ['electron'],
    define: preloadDefines(),
    tsconfig: 'tsconfig.json',
    logLevel: 'silent',
  });
  return r.outputFiles[0]?.text ?? '';
}

/** Runs a CommonJS preload with a fake electron; returns what it exposed and the IPC it did. */
export function loadPreload(code: string, answer: (channel: string, request: unknown) => IpcResponse<unknown>) {
  const exposed: Array<[string, unknown]> = [];
  const required: string[] = [];
  let eventListener: ((event: unknown, name: unknown, payload: unknown) => void) | undefined;
  const ipcRenderer = {
    invoke: vi.fn(async (_ipc: string, channel: string, request: unknown) => answer(channel, request)),
    on: vi.fn((_channel: string, l: typeof eventListener) => (eventListener = l)),
    send: vi.fn(),
  };
  const electron = { contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.push([key, api]) }, ipcRenderer };
  const module = { exports: {} };
  const require = (id: string) => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`a sandboxed preload cannot require ${id}`);
  };
  runInNewContext(code, { require, module, exports: module.exports, console });
  return { exposed, required, ipcRenderer, emit: (name: unknown, payload: unknown) => eventListener?.({ sender: 'ipc-event-object' }, name, payload) };
}

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
