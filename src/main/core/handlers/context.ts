/** What every channel handler is given, and the typed table of handlers. */
import type { ChannelName, IpcErrorCode, ParsedRequestOf, ResultOf } from '@shared/ipc/channels';
import { IpcError } from '@shared/ipc/validate';
import type { Settings } from '@shared/ipc/types';
import type { ApiClient } from '../api/client';
import type { Failure } from '../api/outcome';
import type { Db } from '../mirror/db';
import type { OutboxDeps } from '../outbox/service';
import type { SyncEngine } from '../sync/engine';
import type { BackupFolder, BackupReason, BackupTaken, RestoreResult } from '@shared/ipc/backup';
import type { BackupPlace } from '../backup/take';
import type { DeskClerks } from '../clerks';
import type { CoreClock, CoreLog, Random, StoredCredentials } from '../types';

export type MirrorTable = 'products' | 'quantities' | 'contacts' | 'warehouses' | 'orders' | 'invoices' | 'dues' | 'counts' | 'outbox';

export interface CoreContext {
  db: Db;
  clock: CoreClock;
  random: Random;
  log: CoreLog;
  engine: SyncEngine;
  outbox: OutboxDeps;
  settings(): Settings;
  updateSettings(patch: Partial<Pick<Settings, 'serverUrl' | 'format' | 'language' | 'demo'>>): Promise<Settings>;
  setCredentials(c: StoredCredentials): Promise<Settings>;
  startDemo(): Promise<Settings>;
  api(): ApiClient | null;
  /** Something a clerk did changed the mirror or the outbox: tell the screens, wake the sync. */
  changed(tables: MirrorTable[]): void;
  today(): string;
  /** The desk's clerks and their keys (issue 19); keys never leave the core. */
  clerks: DeskClerks;
  /** Another clerk signed in, or the current one's keys changed: clients, role and sync start over. */
  clerkChanged(): void;
  /** The stored API keys' values, for blanking them out of anything exported (never shown). */
  secrets(): string[];
  /** The data folder (mirror.db, backups/, support/). */
  dataDir: string;
  /** Backups of the mirror, one at a time (backup/). */
  backups: {
    take(reason: BackupReason): Promise<BackupTaken>;
    restore(folder: BackupFolder, name: string): Promise<RestoreResult>;
    place(): BackupPlace;
    /** Why the last copy to the clerk's folder failed, or null. */
    extraError(): string | null;
  };
}

export type CoreChannel = Exclude<ChannelName, `shell.${string}`>;
export type Handler<C extends CoreChannel> = (ctx: CoreContext, req: ParsedRequestOf<C>) => Promise<ResultOf<C>> | ResultOf<C>;
export type Handlers<K extends CoreChannel> = { [C in K]: Handler<C> };

export const ipcError = (code: IpcErrorCode, message: string, details: Array<{ field: string; message: string }> = []) => new IpcError({ code, message, details });

export const notFound = (what: string) => ipcError('NOT_FOUND', `${what} is not in the local data.`);

/** For calls that only the server can answer (purchase orders, reminder letters, order status). */
export function requireOnline(ctx: CoreContext): ApiClient {
  const api = ctx.api();
  if (!api) throw ipcError('OFFLINE', 'No server is set up yet: enter the server address and keys in Settings.');
  if (!ctx.engine.isOnline()) throw ipcError('OFFLINE', 'The server cannot be reached right now; this needs a connection. Try again when Stockdesk shows it is online.');
  return api;
}

/** A failed online call, as the screens receive it. */
export function fromFailure(f: Failure): IpcError {
  switch (f.kind) {
    case 'rejected':
      return ipcError(f.code === 'CONFLICT' ? 'CONFLICT' : f.code === 'NOT_FOUND' ? 'NOT_FOUND' : 'VALIDATION_ERROR', f.message, f.details);
    case 'auth':
      return ipcError('AUTH_FAILED', f.message);
    case 'network':
      return ipcError('OFFLINE', `The server cannot be reached: ${f.message}`);
    case 'server':
      return ipcError('INTERNAL_ERROR', f.message);
  }
}
