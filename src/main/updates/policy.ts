/**
 * Which offered build a desk may take. A build reads mirror versions up to its own (MIRROR_VERSION)
 * and upgrades older ones from some floor on; a build that would refuse this desk's mirror (data
 * newer than it reads, or older than it still upgrades) is never downloaded: the clerk would be left
 * with a desk that cannot open its own unsent work. The release feed carries both figures
 * (scripts/stamp-release-feed.mjs writes them into latest.yml).
 */
import { z } from 'zod';
import type { UpdateRefusal } from '@shared/ipc/updates';

/** What a release feed says about the mirror versions its build reads. */
export interface MirrorMark {
  /** The mirror version the build writes (its MIRROR_VERSION): it reads every version up to this. */
  version: number;
  /** The oldest mirror version the build still upgrades. */
  migratesFrom: number;
}

export interface OfferedRelease {
  version: string;
  /** null when the feed does not say. */
  mirror: MirrorMark | null;
}

/** The feed's field, as scripts/stamp-release-feed.mjs writes it into latest.yml. */
export const MIRROR_MARK_FIELD = 'stockdeskMirror';

const markSchema = z.strictObject({ version: z.number().int().min(1), migratesFrom: z.number().int().min(0) }).refine((m) => m.migratesFrom <= m.version);

/** The mark from a parsed feed entry (electron-updater's UpdateInfo keeps unknown fields); null when absent or malformed. */
export function mirrorMarkOf(info: Record<string, unknown>): MirrorMark | null {
  const r = markSchema.safeParse(info[MIRROR_MARK_FIELD]);
  return r.success ? r.data : null;
}

/** null when the offered build can open a mirror at `mirrorVersion`; otherwise why not. */
export function judgeRelease(offered: OfferedRelease, mirrorVersion: number): UpdateRefusal | null {
  if (!offered.mirror) return 'unmarked';
  if (mirrorVersion > offered.mirror.version) return 'mirrorTooNew';
  if (mirrorVersion < offered.mirror.migratesFrom) return 'mirrorTooOld';
  return null;
}
