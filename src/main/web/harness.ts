/**
 * `npm run web`: the renderer in any browser, the core as a Node child process, and a loopback
 * bridge between them that routes exactly like the Electron IPC (same table, same validation).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ChannelName, IpcResponse } from '@shared/ipc/channels';
import type { UpdateController, UpdateFeed } from '../updates/controller';
import { createDeskUpdater } from '../updates/deskUpdater';
import { version as APP_VERSION } from '../../../package.json';
import { IpcError } from '@shared/ipc/validate';
import { CoreClient } from '../coreClient';
import { routeInvoke, type ShellChannel } from '../route';
import { openImportFile, pdfBytes, safeExportName, safePdfName } from '../shellChannels';
import { startBridge } from './bridge';
import { spawnChildCore } from './coreChild';
import { ensureRenderer, ROOT } from './renderer';

export interface WebHarnessOptions {
  dataDir: string;
  /** 0 or omitted: any free port. */
  port?: number;
  /** Command API server to point the core at. */
  server?: string;
  /** Start the embedded demo server (the core's demo.start). */
  demo?: boolean;
  /** A directory with a built renderer; omitted: build it into out/web when stale. */
  rendererDir?: string;
  /** The core's entry module; omitted: src/main/core/entry.ts. */
  coreEntry?: string;
  /**
   * What the OS open dialog would answer (tests: a fixture's path). A browser cannot hand the
   * harness a file's path, so without it shell.openFile answers "no file" and import needs the desktop app.
   */
  openFile?: () => Promise<string | null>;
  /** An update feed (tests): the harness then runs the desk's updater as the app does; omitted: no updates. */
  updateFeed?: UpdateFeed;
  log?: (message: string) => void;
}

export interface WebHarness {
  /** Opens the app: carries the token in its fragment. */
  url: string;
  token: string;
  dataDir: string;
  invoke(channel: string, request: unknown): Promise<IpcResponse<unknown>>;
  close(): Promise<void>;
}

/**
 * Shell channels in a browser: the server validates and approves, the page's bridge client acts —
 * it calls window.print() after shell.print, and downloads the PDF (or export) it sent, under the
 * returned name, after shell.savePdf (shell.saveFile).
 */
async function browserShell(channel: ShellChannel, request: unknown, updates: UpdateController, openFile: WebHarnessOptions['openFile']): Promise<unknown> {
  if (channel === 'shell.print') return { printed: true };
  // A browser cannot hand out a folder's path: the backup folder is chosen in the desktop app.
  if (channel === 'shell.chooseFolder') return { path: null };
  // Without a feed (the harness runs from source) the updater is "off".
  if (channel === 'shell.updateStatus') return updates.status();
  if (channel === 'shell.restartToUpdate') return updates.restart();
  if (channel === 'shell.openFile') {
    const path = openFile ? await openFile() : null;
    return { file: path ? await openImportFile(path, (p) => readFile(p)) : null };
  }
  if (channel === 'shell.saveFile') return { saved: true, path: safeExportName((request as { filename: string }).filename) };
  const { filename, pdf } = request as { filename: string; pdf: string };
  pdfBytes(pdf);
  return { saved: true, path: safePdfName(filename) };
}

export async function startWebHarness(o: WebHarnessOptions): Promise<WebHarness> {
  const log = o.log ?? ((m: string) => console.error(m));
  const dataDir = resolve(o.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const rendererDir = o.rendererDir ?? (await ensureRenderer());
  const token = randomBytes(32).toString('hex');

  let broadcast: (event: Parameters<typeof bridge.broadcast>[0], payload: unknown) => void = () => undefined;
  const core = new CoreClient({
    spawn: ({ standby }) => spawnChildCore({ entry: o.coreEntry ?? join(ROOT, 'src/main/core/entry.ts'), dataDir, credentials: 'file', standby }),
    // Under tsx loading the code is most of a restart; a warm standby makes a crash cost well under 2 s.
    standby: true,
    onEvent: (event, payload) => broadcast(event, payload),
    log,
  });
  const updates = createDeskUpdater({
    feed: o.updateFeed ?? null,
    currentVersion: APP_VERSION,
    syncStatus: () => core.invoke('sync.status', {}),
    broadcast: (s) => broadcast('updates.status', s),
    log,
  });
  const invoke = (channel: unknown, request: unknown) =>
    routeInvoke(channel, request, { core: (c: ChannelName, r) => core.invoke(c, r), shell: (c, r) => browserShell(c, r, updates, o.openFile), log: (m, e) => log(`${m}: ${String(e)}`) });

  const fallbacks = { '/favicon.ico': join(ROOT, 'build', 'icon.ico') };
  const bridge = await startBridge({ rendererDir, fallbacks, token, route: invoke }, o.port ?? 0);
  broadcast = (event, payload) => bridge.broadcast(event, payload);

  const close = async () => {
    updates.stop();
    await core.stop();
    await bridge.close();
  };
  try {
    const must = async (channel: string, request: unknown) => {
      const r = await invoke(channel, request);
      if (!r.ok) throw new IpcError(r.error);
    };
    if (o.server) await must('settings.update', { serverUrl: o.server });
    if (o.demo) await must('demo.start', {});
    updates.start();
  } catch (e) {
    await close();
    throw e;
  }
  return { url: `${bridge.url}#token=${token}`, token, dataDir, invoke, close };
}
