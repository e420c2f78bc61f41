// The Electron shell: one window, the core in a utility process, IPC between them. Logic lives in the helpers.
import { app, BrowserWindow, Menu, dialog, safeStorage, session } from 'electron';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { registerAppScheme, serveRenderer } from './appProtocol';
import { startCoreHost } from './coreHost';
import { createCredentialStore } from './credentials';
import { CSP, DEV_CSP } from './csp';
import { broadcast, registerIpc } from './ipc';
import { createMainWindow } from './mainWindow';
import { menuTemplate } from './menu';
import { APP_URL, appUrlPolicy } from './origin';
import { appPaths } from './paths';
import { hardenContents, hardenSession } from './window';
import { createDeskUpdater } from './updates/deskUpdater';
import { electronFeed } from './updates/electronFeed';

const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
const rendererUrl = devUrl ?? APP_URL;
const isAppUrl = appUrlPolicy(rendererUrl);
const paths = appPaths(fileURLToPath(new URL('.', import.meta.url)), app.isPackaged, process.resourcesPath);
let win: BrowserWindow | null = null;

registerAppScheme();
app.on('web-contents-created', (_e, contents) => hardenContents(contents, isAppUrl));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (win?.isMinimized()) win.restore();
    win?.focus();
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => {
    const userData = app.getPath('userData');
    if (!existsSync(paths.sqliteBinding)) {
      // The window still opens: the screens show the core's own error on every call.
      dialog.showErrorBox('Stockdesk cannot open its database', `The SQLite module built for Electron is missing (${paths.sqliteBinding}). Run: node scripts/build-electron-native.mjs`);
    }
    hardenSession(session.defaultSession, devUrl ? DEV_CSP : CSP);
    serveRenderer(paths.renderer);
    Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(process.platform, app.isPackaged)));

    const core = startCoreHost({
      entry: paths.core,
      dataDir: userData,
      sqliteBinding: paths.sqliteBinding,
      credentials: createCredentialStore(join(userData, 'credentials.bin'), safeStorage),
      onEvent: (event, payload) => broadcast(isAppUrl, event, payload),
    });
    const log = (m: string) => console.error(`[updates] ${m}`);
    const updates = createDeskUpdater({
      feed: electronFeed({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, log }),
      currentVersion: app.getVersion(),
      syncStatus: () => core.invoke('sync.status', {}),
      broadcast: (s) => broadcast(isAppUrl, 'updates.status', s),
      log,
    });
    updates.start();

    // Let the core close its mirror before the app goes; once only, then quit for real.
    let stopping = false;
    app.on('before-quit', (e) => {
      if (stopping) return;
      e.preventDefault();
      stopping = true;
      updates.stop();
      void core.stop().finally(() => app.quit());
    });

    registerIpc({
      core: (channel, request) => core.invoke(channel, request),
      isAppUrl,
      shellFor: (sender) => ({
        print: () => new Promise((resolve) => sender.print({}, (ok) => resolve(ok))),
        askSavePath: async (name) => {
          const owner = BrowserWindow.fromWebContents(sender);
          const ext = extname(name).slice(1).toLowerCase() || 'pdf';
          const options = { defaultPath: join(app.getPath('documents'), name), filters: [{ name: ext.toUpperCase(), extensions: [ext] }] };
          const r = owner ? await dialog.showSaveDialog(owner, options) : await dialog.showSaveDialog(options);
          return r.canceled || !r.filePath ? null : r.filePath;
        },
        writeFile: (path, data) => writeFile(path, data),
        chooseFile: async () => {
          const owner = BrowserWindow.fromWebContents(sender);
          const options = { properties: ['openFile' as const], filters: [{ name: 'CSV, XLSX', extensions: ['csv', 'txt', 'xlsx'] }] };
          const r = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
          return r.canceled ? null : (r.filePaths[0] ?? null);
        },
        readFile: (path) => readFile(path),
        chooseFolder: async () => {
          const owner = BrowserWindow.fromWebContents(sender);
          const options = { properties: ['openDirectory' as const, 'createDirectory' as const] };
          const r = owner ? await dialog.showOpenDialog(owner, options) : await dialog.showOpenDialog(options);
          return r.canceled ? null : (r.filePaths[0] ?? null);
        },
        updates,
      }),
    });

    win = createMainWindow({ preload: paths.preload, url: rendererUrl, stateFile: join(userData, 'window-state.json'), packaged: app.isPackaged });
    win.on('closed', () => (win = null));
  });
}
