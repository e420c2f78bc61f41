// The one IPC entry point of the renderer, and the event fan-out back to it.
import { BrowserWindow, ipcMain, type WebContents } from 'electron';
import type { EventName, IpcResponse } from '@shared/ipc/channels';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../preload/api';
import { routeInvoke, type RouteDeps } from './route';
import { serveShell, type ShellDeps } from './shellChannels';

export interface IpcOptions {
  core: RouteDeps['core'];
  isAppUrl: (url: string) => boolean;
  shellFor: (sender: WebContents) => ShellDeps;
}

export function registerIpc(o: IpcOptions): void {
  ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, payload: unknown): Promise<IpcResponse<unknown>> => {
    // Only the app's own top-level page: not a frame it might embed, not a page it was tricked into loading.
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null || !o.isAppUrl(frame.url)) throw new Error('stockdesk: refused an IPC call from a page that is not Stockdesk');
    return routeInvoke(channel, payload, { core: o.core, shell: (c, r) => serveShell(c, r, o.shellFor(event.sender)) });
  });
}

export function broadcast(isAppUrl: (url: string) => boolean, event: EventName, payload: unknown): void {
  for (const win of BrowserWindow.getAllWindows()) {
    const wc = win.webContents;
    if (!wc.isDestroyed() && isAppUrl(wc.getURL())) wc.send(EVENT_CHANNEL, event, payload);
  }
}
