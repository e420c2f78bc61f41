/** Backups of the mirror, restoring one, and the support bundle (Settings). */
import { getKv } from '../mirror/settings';
import { checkFolder, saveBackupConfig } from '../backup/config';
import { MIRROR_VERSION } from '../backup/inspect';
import { listBackups } from '../backup/take';
import { exportSupportBundle } from '../support/bundle';
import { ipcError, type Handlers } from './context';

export const backupHandlers: Handlers<'backup.list' | 'backup.create' | 'backup.restore' | 'backup.configure' | 'support.exportBundle'> = {
  'backup.list': async (ctx) => {
    const place = ctx.backups.place();
    return {
      config: { keep: place.keep, extraDir: place.extraDir },
      backups: await listBackups(place),
      mirrorVersion: MIRROR_VERSION,
      extraError: ctx.backups.extraError(),
      damagedMirror: getKv<string | null>(ctx.db, 'sync_state', 'damagedMirror', null),
    };
  },
  'backup.create': async (ctx) => {
    try {
      return await ctx.backups.take('manual');
    } catch (e) {
      throw ipcError('INTERNAL_ERROR', `The backup could not be made: ${(e as Error).message}`);
    }
  },
  'backup.restore': async (ctx, req) => {
    const r = await ctx.backups.restore(req.folder, req.name);
    return r;
  },
  'backup.configure': (ctx, req) => {
    const extraDir = req.extraDir === undefined ? {} : { extraDir: req.extraDir === null ? null : checkFolder(req.extraDir, ctx.dataDir) };
    return saveBackupConfig(ctx.db, { ...(req.keep !== undefined ? { keep: req.keep } : {}), ...extraDir });
  },
  'support.exportBundle': (ctx) => exportSupportBundle(ctx),
};
