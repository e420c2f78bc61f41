/**
 * Backup file names: `mirror-<UTC time to the millisecond>-<reason>.db`. The time comes first and is
 * fixed-width, so sorting the names sorts the backups by time; the name is all a restore request
 * carries, and nothing that does not match it is ever read, restored or pruned.
 */
import type { BackupReason } from '@shared/ipc/backup';

const REASONS: readonly BackupReason[] = ['manual', 'daily', 'migration', 'restore'];
// The IPC contract (src/shared/ipc/channels.ts, backup.restore) checks names with the same pattern.
export const BACKUP_NAME = /^mirror-(\d{8}T\d{9}Z)-(manual|daily|migration|restore)\.db$/;

/** 2026-11-25T21:58:26.123Z → 20261125T215826123Z */
const stamp = (at: Date) => at.toISOString().replace(/[-:.]/g, '');

export function backupName(at: Date, reason: BackupReason): string {
  return `mirror-${stamp(at)}-${reason}.db`;
}

/** The time and reason a backup's name carries, or null for any other file. */
export function parseBackupName(name: string): { takenAt: string; reason: BackupReason } | null {
  const m = BACKUP_NAME.exec(name);
  if (!m?.[1] || !REASONS.includes(m[2] as BackupReason)) return null;
  const s = m[1];
  const iso = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}.${s.slice(15, 18)}Z`;
  return Number.isNaN(Date.parse(iso)) ? null : { takenAt: iso, reason: m[2] as BackupReason };
}

/** A damaged mirror set aside at start or before a restore: kept, never listed as a backup. */
export const damagedName = (at: Date) => `damaged-${stamp(at)}.db`;
