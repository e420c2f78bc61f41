/** The desk's self-update as the screens see it (issue 19, "Updates"): what the shell's updater is doing. */

/**
 * - off: no update feed in this build (development, the browser harness, a build made without a feed URL)
 * - idle / checking / upToDate: between checks, asking the feed, nothing newer
 * - downloading: a newer build that can open this desk's data is coming down in the background
 * - ready: downloaded; the clerk is asked before Stockdesk restarts (it also installs when Stockdesk closes)
 * - waitingForSync: the clerk said restart, and the outbox is sending: the restart waits for it to finish
 * - refused: the feed offers a build that could not open this desk's data; it is not downloaded
 * - failed: the check or download failed; the next check is in an hour
 */
export type UpdatePhase = 'off' | 'idle' | 'checking' | 'upToDate' | 'downloading' | 'ready' | 'waitingForSync' | 'refused' | 'failed';

/**
 * Why an offered build is not taken. The release feed says which mirror versions the build reads
 * (docs/desktop-shell.md, "Updates"):
 * - unmarked: the feed does not say (a release published without scripts/stamp-release-feed.mjs)
 * - mirrorTooNew: this desk's data is newer than the offered build reads (a downgrade in data terms)
 * - mirrorTooOld: the offered build no longer upgrades data as old as this desk's
 */
export type UpdateRefusal = 'unmarked' | 'mirrorTooNew' | 'mirrorTooOld';

export interface UpdateStatus {
  phase: UpdatePhase;
  /** The running build's version. */
  current: string;
  /** The version the feed offers, once a check found one. */
  offered: string | null;
  refusal: UpdateRefusal | null;
  /** 0–100 while downloading. */
  percent: number | null;
  /** ISO time of the last finished check. */
  checkedAt: string | null;
}
