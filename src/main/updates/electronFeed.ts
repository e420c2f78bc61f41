/**
 * electron-updater behind the UpdateFeed interface: the only place that touches it. The feed URL
 * comes from the build (electron-builder's `publish` writes resources/app-update.yml); a build
 * without one, or an unpackaged run, has no feed and the updater stays "off".
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import electronUpdater from 'electron-updater';
import type { UpdateFeed } from './controller';
import { mirrorMarkOf } from './policy';

export function electronFeed(opts: { packaged: boolean; resourcesPath: string; log: (m: string) => void }): UpdateFeed | null {
  if (!opts.packaged || !existsSync(join(opts.resourcesPath, 'app-update.yml'))) return null;
  // electron-updater is CommonJS: its named exports are reached through the default import under ESM.
  const updater = electronUpdater.autoUpdater;
  // The controller decides when to download (after the mirror check) and when to restart (after asking).
  updater.autoDownload = false;
  // A downloaded build that passed the mirror check installs when the clerk closes Stockdesk anyway.
  updater.autoInstallOnAppQuit = true;
  updater.allowDowngrade = false;
  updater.logger = { info: (m: unknown) => opts.log(String(m)), warn: (m: unknown) => opts.log(String(m)), error: (m: unknown) => opts.log(String(m)) };
  return {
    async check() {
      const r = await updater.checkForUpdates();
      if (!r?.isUpdateAvailable) return null;
      return { version: r.updateInfo.version, mirror: mirrorMarkOf(r.updateInfo as unknown as Record<string, unknown>) };
    },
    async download(onProgress) {
      const listener = (p: { percent: number }) => onProgress(p.percent);
      updater.on('download-progress', listener);
      try {
        await updater.downloadUpdate();
      } finally {
        updater.removeListener('download-progress', listener);
      }
    },
    install() {
      updater.quitAndInstall(false, true);
    },
  };
}
