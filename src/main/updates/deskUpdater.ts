/**
 * The updater as both shells run it (the Electron app, and the browser harness when a test gives it a
 * feed): the outbox's state asked of the core, the updater's state broadcast to every window.
 */
import type { IpcResponse, SyncStatus, UpdateStatus } from '@shared/ipc';
import { MIRROR_VERSION } from '../core/mirror/migrations';
import { UpdateController, type UpdateFeed } from './controller';

export interface DeskUpdaterOptions {
  feed: UpdateFeed | null;
  currentVersion: string;
  /** The core's sync.status, as the shell reaches it. */
  syncStatus: () => Promise<IpcResponse<unknown>>;
  broadcast: (status: UpdateStatus) => void;
  log: (message: string) => void;
}

export function createDeskUpdater(o: DeskUpdaterOptions): UpdateController {
  return new UpdateController({
    feed: o.feed,
    currentVersion: o.currentVersion,
    // The core migrated the mirror to this build's version before it answered anything.
    mirrorVersion: MIRROR_VERSION,
    replayInFlight: async () => {
      const r = await o.syncStatus();
      if (!r.ok) throw new Error(r.error.message);
      const s = r.result as SyncStatus;
      return s.outbox.inFlight > 0 || s.progress?.phase === 'push';
    },
    now: () => new Date(),
    timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout) },
    onStatus: o.broadcast,
    log: o.log,
  });
}
