// Creates the main window where it was last left, and remembers where it is left this time.
import { BrowserWindow, screen } from 'electron';
import { windowOptions } from './window';
import { loadWindowState, saveWindowState } from './windowState';

export function createMainWindow(o: { preload: string; url: string; stateFile: string; packaged: boolean }): BrowserWindow {
  const state = loadWindowState(o.stateFile, screen.getAllDisplays().map((d) => d.workArea));
  const win = new BrowserWindow(windowOptions(o.preload, { packaged: o.packaged, bounds: state.bounds }));
  if (state.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());

  const save = () => {
    try {
      saveWindowState(o.stateFile, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    } catch (e) {
      console.error('stockdesk: could not save the window state', e);
    }
  };
  win.on('close', save);
  void win.loadURL(o.url);
  return win;
}
