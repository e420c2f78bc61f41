/** What the desk tells the screens about its backups and its support bundle (channels.ts declares the channels). */

/** Why a backup was taken; part of its file name. */
export type BackupReason = 'manual' | 'daily' | 'migration' | 'restore';

/** Where a backup lives: the data folder's backups/, or the folder the clerk chose (a network drive). */
export type BackupFolder = 'data' | 'extra';

export interface BackupInfo {
  /** The file name, e.g. mirror-20261125T215826123Z-manual.db: what restore asks for. */
  name: string;
  folder: BackupFolder;
  /** When it was taken (ISO), from its name. */
  takenAt: string;
  reason: BackupReason;
  sizeBytes: number;
  /** The mirror's schema version (user_version) inside it; null when it could not be read. */
  mirrorVersion: number | null;
  /** Outbox entries not yet confirmed by the server (queued, in flight, waiting to retry). */
  unsent: number;
  /** Entries the server refused, waiting for the clerk. */
  refused: number;
  /** Written by a newer desk than this one: it cannot be restored here. */
  newer: boolean;
  /** Why it cannot be read, when it cannot (damaged, not a mirror). */
  problem: string | null;
}

export interface BackupConfig {
  /** How many backups each folder keeps (the oldest go first). */
  keep: number;
  /** The clerk's own folder, also written to; null when none is chosen. */
  extraDir: string | null;
}

export interface BackupOverview {
  config: BackupConfig;
  /** Newest first, both folders. */
  backups: BackupInfo[];
  /** This desk's mirror version: a backup above it is from a newer desk. */
  mirrorVersion: number;
  /** The last attempt to write to the clerk's folder failed: its message, else null. */
  extraError: string | null;
  /**
   * The mirror could not be opened when the desk started and was set aside (kept in backups/ under
   * this name); the desk started with an empty one. The clerk should restore a backup.
   */
  damagedMirror: string | null;
}

export interface BackupTaken {
  backup: BackupInfo;
  /** The copy in the clerk's folder: null when none is chosen; ok false with the reason when it failed. */
  extra: { ok: true; name: string } | { ok: false; message: string } | null;
}

export interface RestoreResult {
  restored: BackupInfo;
  /** The backup of the mirror it replaced, or null when that mirror could not be read (then it is kept as `setAside`). */
  previous: string | null;
  /** The replaced mirror's file kept in backups/ when it could not be backed up (damaged). */
  setAside: string | null;
}

export interface SupportBundle {
  filename: string;
  /** Where the core wrote it (the data folder's support/). */
  path: string;
  sizeBytes: number;
  /** The files inside, for the screen to list. */
  files: string[];
}
