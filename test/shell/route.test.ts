// One routing table for Electron IPC and the web bridge; the Electron handler's sender check.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, CHANNELS, type IpcResponse } from '@shared/ipc/channels';
import { IpcError } from '@shared/ipc/validate';
import { routeInvoke, type RouteDeps } from '@main/route';
import { pdfBytes, safePdfName, serveShell, type ShellDeps } from '@main/shellChannels';
import type { UpdateStatus } from '@shared/ipc/updates';

const handlers = new Map<string, (...args: unknown[]) => unknown>();
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, h: (...args: unknown[]) => unknown) => handlers.set(channel, h) },
  BrowserWindow: { getAllWindows: () => [] },
}));

const PDF = Buffer.from('%PDF-1.7\n%fake\n').toString('base64');

function deps(over: Partial<RouteDeps> = {}) {
  return {
    core: vi.fn(async (channel: string, request: unknown): Promise<IpcResponse<unknown>> => ({ ok: true, result: { channel, request } })),
    shell: vi.fn(async (channel: string) => ({ shell: channel })),
    log: vi.fn(),
    ...over,
  };
}

describe('routeInvoke', () => {
  it('knows the shell channels by name exactly as the contract targets them', () => {
    for (const name of CHANNEL_NAMES) expect(CHANNELS[name].target === 'shell', name).toBe(name.startsWith('shell.'));
  });

  it('validates, applies schema defaults and sends core channels to the core', async () => {
    const d = deps();
    const r = await routeInvoke('products.search', { query: 'abc' }, d);
    expect(r).toEqual({ ok: true, result: { channel: 'products.search', request: { query: 'abc', offset: 0, limit: 100 } } });
    expect(d.shell).not.toHaveBeenCalled();
  });

  it('sends shell channels to the shell, never to the core', async () => {
    const d = deps();
    expect(await routeInvoke('shell.print', {}, d)).toEqual({ ok: true, result: { shell: 'shell.print' } });
    expect(d.core).not.toHaveBeenCalled();
  });

  it('refuses unknown channels and bad payloads with field details, reaching nobody', async () => {
    const d = deps();
    const unknown = await routeInvoke('fs.readFile', {}, d);
    expect(unknown).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    const bad = await routeInvoke('stock.adjust', { productId: 1, warehouse: '', quantity: 0, contactId: -2, extra: 1 }, d);
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.code).toBe('VALIDATION_ERROR');
    expect(bad.error.details.map((x) => x.field).sort()).toEqual(['contactId', 'extra', 'quantity', 'warehouse']);
    for (const payload of [null, 'x', [], 42]) expect((await routeInvoke('products.lookup', payload, d)).ok).toBe(false);
    expect(d.core).not.toHaveBeenCalled();
    expect(d.shell).not.toHaveBeenCalled();
  });

  it('turns failures into IpcResponses: IpcErrors as they are, anything else as INTERNAL_ERROR without internals', async () => {
    const conflict = new IpcError({ code: 'CONFLICT', message: 'moved on', details: [] });
    expect(await routeInvoke('shell.print', {}, deps({ shell: async () => Promise.reject(conflict) }))).toEqual({ ok: false, error: conflict.body });
    const d = deps({ core: async () => Promise.reject(new Error('SQLITE_CORRUPT at /home/clerk/secret')) });
    const r = await routeInvoke('settings.get', {}, d);
    expect(r).toEqual({ ok: false, error: { code: 'INTERNAL_ERROR', message: 'settings.get failed unexpectedly.', details: [] } });
    expect(d.log).toHaveBeenCalled();
  });
});

describe('shell channels', () => {
  const shellDeps = (over: Partial<ShellDeps> = {}): ShellDeps & { written: Array<[string, Uint8Array]> } => {
    const written: Array<[string, Uint8Array]> = [];
    return { print: async () => true, askSavePath: async (n) => `/home/clerk/${n}`, writeFile: async (p, d) => void written.push([p, d]), chooseFolder: async () => '/mnt/share/backups', chooseFile: async () => '/home/clerk/termékek.csv', readFile: async () => new TextEncoder().encode('név;ár\r\nCsavar;12,5\r\n'), updates: fakeUpdates, written, ...over };
  };
  const ready: UpdateStatus = { phase: 'ready', current: '0.1.0', offered: '0.2.0', refusal: null, percent: 100, checkedAt: '2026-11-26T08:00:00.000Z' };
  const fakeUpdates = { status: () => ready, restart: async (): Promise<UpdateStatus> => ({ ...ready, phase: 'waitingForSync' }) };

  it('answers the updater\'s state and hands the clerk\'s restart to it', async () => {
    expect(await serveShell('shell.updateStatus', {}, shellDeps())).toEqual(ready);
    expect(await serveShell('shell.restartToUpdate', {}, shellDeps())).toMatchObject({ phase: 'waitingForSync', offered: '0.2.0' });
  });

  it('answers the folder dialog with the folder the clerk picked, or null when cancelled', async () => {
    expect(await serveShell('shell.chooseFolder', {}, shellDeps())).toEqual({ path: '/mnt/share/backups' });
    expect(await serveShell('shell.chooseFolder', {}, shellDeps({ chooseFolder: async () => null }))).toEqual({ path: null });
  });

  it('reads the import file the clerk picked (name and bytes, never the path), or null when cancelled; refuses a huge one', async () => {
    const r = (await serveShell('shell.openFile', {}, shellDeps())) as { file: { name: string; data: string } };
    expect(r.file.name).toBe('termékek.csv');
    expect(Buffer.from(r.file.data, 'base64').toString('utf8')).toBe('név;ár\r\nCsavar;12,5\r\n');
    expect(await serveShell('shell.openFile', {}, shellDeps({ chooseFile: async () => null }))).toEqual({ file: null });
    await expect(serveShell('shell.openFile', {}, shellDeps({ readFile: async () => new Uint8Array(21 * 1024 * 1024) }))).rejects.toThrow(/at most 20 MB/);
  });

  it('saves an export where the clerk chose, keeping its .csv or .xlsx ending', async () => {
    const d = shellDeps();
    const asked = vi.spyOn(d, 'askSavePath');
    expect(await serveShell('shell.saveFile', { filename: '../készlet-2026-11-26.xlsx', data: Buffer.from('PK').toString('base64') }, d)).toEqual({ saved: true, path: '/home/clerk/készlet-2026-11-26.xlsx' });
    expect(asked).toHaveBeenCalledWith('készlet-2026-11-26.xlsx');
    expect(Buffer.from(d.written[0]?.[1] ?? []).toString('latin1')).toBe('PK');
    expect(await serveShell('shell.saveFile', { filename: 'a.exe', data: 'QQ==' }, shellDeps({ askSavePath: async (n) => `/x/${n}` }))).toEqual({ saved: true, path: '/x/a.exe.csv' });
  });

  it('prints and reports whether the clerk went through with it', async () => {
    expect(await serveShell('shell.print', {}, shellDeps())).toEqual({ printed: true });
    expect(await serveShell('shell.print', {}, shellDeps({ print: async () => false }))).toEqual({ printed: false });
  });

  it('saves the PDF where the clerk chose, under a safe suggested name', async () => {
    const d = shellDeps();
    const asked = vi.spyOn(d, 'askSavePath');
    expect(await serveShell('shell.savePdf', { filename: '../../etc/SZ-2024/0001.pdf', pdf: PDF }, d)).toEqual({ saved: true, path: '/home/clerk/0001.pdf' });
    expect(asked).toHaveBeenCalledWith('0001.pdf');
    expect(Buffer.from(d.written[0]?.[1] ?? []).toString('latin1')).toBe('%PDF-1.7\n%fake\n');
  });

  it('writes nothing when the clerk cancels or the data is not a PDF', async () => {
    const d = shellDeps({ askSavePath: async () => null });
    expect(await serveShell('shell.savePdf', { filename: 'a.pdf', pdf: PDF }, d)).toEqual({ saved: false, path: null });
    await expect(serveShell('shell.savePdf', { filename: 'a.pdf', pdf: Buffer.from('MZ\x90\x00').toString('base64') }, d)).rejects.toBeInstanceOf(IpcError);
    expect(d.written).toEqual([]);
  });

  it('makes file names Windows and the dialog accept', () => {
    expect(safePdfName('Számla SZ-2024/0001')).toBe('0001.pdf');
    expect(safePdfName('C:\\Users\\x\\inv.PDF')).toBe('inv.PDF');
    expect(safePdfName('a<b>c:"d|e?*.pdf')).toBe('a_b_c__d_e__.pdf');
    expect(safePdfName('...')).toBe('document.pdf');
    expect(safePdfName('x'.repeat(300)).length).toBeLessThanOrEqual(154);
    expect(() => pdfBytes('')).toThrow(IpcError);
  });
});

describe('Electron IPC handler', () => {
  let handler: (...args: unknown[]) => unknown;
  const core = vi.fn(async (): Promise<IpcResponse<unknown>> => ({ ok: true, result: 'from core' }));

  beforeEach(async () => {
    handlers.clear();
    const { registerIpc } = await import('@main/ipc');
    const { appUrlPolicy } = await import('@main/origin');
    registerIpc({ core, isAppUrl: appUrlPolicy('app://stockdesk/index.html'), shellFor: () => ({ print: async () => true, askSavePath: async () => null, writeFile: async () => undefined, chooseFolder: async () => null, chooseFile: async () => null, readFile: async () => new Uint8Array(), updates: { status: () => { throw new Error('not asked'); }, restart: async () => { throw new Error('not asked'); } } }) });
    handler = handlers.get('stockdesk:invoke') as typeof handler;
  });

  const event = (url: string, parent: unknown = null) => ({ senderFrame: { url, parent }, sender: {} });

  it('is the one handler, and routes calls from the app page', async () => {
    expect([...handlers.keys()]).toEqual(['stockdesk:invoke']);
    expect(await handler(event('app://stockdesk/index.html#/products'), 'settings.get', {})).toEqual({ ok: true, result: 'from core' });
    expect(await handler(event('app://stockdesk/index.html'), 'shell.print', {})).toEqual({ ok: true, result: { printed: true } });
    expect(await handler(event('app://stockdesk/index.html'), 'nope', {})).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('refuses foreign pages, subframes and destroyed frames', () => {
    core.mockClear();
    expect(() => handler(event('https://evil.example/'), 'settings.get', {})).toThrow(/not Stockdesk/);
    expect(() => handler(event('app://stockdesk/index.html', { url: 'app://stockdesk/' }), 'settings.get', {})).toThrow(/not Stockdesk/);
    expect(() => handler({ senderFrame: null, sender: {} }, 'settings.get', {})).toThrow(/not Stockdesk/);
    expect(core).not.toHaveBeenCalled();
  });
});
