/**
 * The desk's self-update decisions (issue 19, "Updates"), without Electron: the controller with a
 * feed, a sync status and timers of the test's own. What a clerk relies on: a check at start and
 * daily, no download of a build that cannot open this desk's data, no restart until asked, and no
 * restart while the outbox is sending.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '@shared/ipc/updates';
import { CHECK_EVERY_MS, RETRY_AFTER_FAILURE_MS, SYNC_POLL_MS, UpdateController, type UpdateFeed } from '@main/updates/controller';
import { judgeRelease, mirrorMarkOf, type OfferedRelease } from '@main/updates/policy';
import { stampFeed } from '@main/updates/feedStamp';
import { MIRROR_MIGRATES_FROM, MIRROR_VERSION } from '@main/core/mirror/migrations';

const require = createRequire(import.meta.url);
// The YAML loader electron-updater itself parses the feed with (through builder-util-runtime).
const yaml = createRequire(require.resolve('electron-updater'))('js-yaml') as { load(text: string): unknown };

/** Timers the test fires by hand, in order of their due time. */
function manualTimers() {
  let now = 0;
  const due: Array<{ at: number; fn: () => void; id: number }> = [];
  let next = 1;
  return {
    timers: {
      setTimeout: (fn: () => void, ms: number) => {
        const id = next++;
        due.push({ at: now + ms, fn, id });
        return id;
      },
      clearTimeout: (h: unknown) => {
        const i = due.findIndex((d) => d.id === h);
        if (i >= 0) due.splice(i, 1);
      },
    },
    pending: () => due.map((d) => d.at - now).sort((a, b) => a - b),
    /** Moves time to the earliest timer and runs it. */
    async fire() {
      due.sort((a, b) => a.at - b.at);
      const d = due.shift();
      if (!d) throw new Error('no timer is pending');
      now = d.at;
      d.fn();
      await new Promise((r) => setImmediate(r));
    },
  };
}

function feedOf(offers: Array<OfferedRelease | null | Error>) {
  const calls = { check: 0, download: 0, install: 0 };
  const feed: UpdateFeed = {
    async check() {
      const o = offers[Math.min(calls.check++, offers.length - 1)];
      if (o instanceof Error) throw o;
      return o ?? null;
    },
    async download(onProgress) {
      calls.download++;
      onProgress(40);
      onProgress(100);
    },
    install() {
      calls.install++;
    },
  };
  return { feed, calls };
}

function controller(feed: UpdateFeed | null, o: { busy?: () => boolean } = {}) {
  const t = manualTimers();
  const seen: UpdateStatus[] = [];
  const logs: string[] = [];
  const c = new UpdateController({
    feed,
    currentVersion: '1.4.0',
    mirrorVersion: 9,
    replayInFlight: async () => o.busy?.() ?? false,
    now: () => new Date('2026-11-26T08:00:00Z'),
    timers: t.timers,
    onStatus: (s) => seen.push(s),
    log: (m) => logs.push(m),
  });
  return { c, t, seen, logs };
}

const fits: OfferedRelease = { version: '1.5.0', mirror: { version: 10, migratesFrom: 0 } };

describe('which build a desk may take', () => {
  it('takes a build that reads this desk’s data, and names why it refuses one that does not', () => {
    expect(judgeRelease(fits, 9)).toBeNull();
    expect(judgeRelease({ version: '1.5.0', mirror: { version: 9, migratesFrom: 9 } }, 9)).toBeNull();
    expect(judgeRelease({ version: '1.5.0', mirror: { version: 8, migratesFrom: 0 } }, 9)).toBe('mirrorTooNew');
    expect(judgeRelease({ version: '1.5.0', mirror: { version: 12, migratesFrom: 10 } }, 9)).toBe('mirrorTooOld');
    expect(judgeRelease({ version: '1.5.0', mirror: null }, 9)).toBe('unmarked');
  });

  it('reads the mark from a stamped feed as electron-updater parses it, and ignores a malformed one', () => {
    const feed = 'version: 1.5.0\nfiles:\n  - url: Stockdesk-Setup-1.5.0.exe\n    sha512: abc\n    size: 1\npath: Stockdesk-Setup-1.5.0.exe\nsha512: abc\nreleaseDate: \'2026-11-26T08:00:00.000Z\'\n';
    const stamped = stampFeed(feed, { version: MIRROR_VERSION, migratesFrom: MIRROR_MIGRATES_FROM });
    const info = yaml.load(stamped) as Record<string, unknown>;
    expect(info.version).toBe('1.5.0');
    expect(info.files).toEqual([{ url: 'Stockdesk-Setup-1.5.0.exe', sha512: 'abc', size: 1 }]);
    expect(mirrorMarkOf(info)).toEqual({ version: MIRROR_VERSION, migratesFrom: MIRROR_MIGRATES_FROM });
    // Stamping again replaces the mark rather than adding a second one.
    const again = stampFeed(stamped, { version: MIRROR_VERSION + 1, migratesFrom: 2 });
    expect(again.match(/stockdeskMirror:/g)).toHaveLength(1);
    expect(mirrorMarkOf(yaml.load(again) as Record<string, unknown>)).toEqual({ version: MIRROR_VERSION + 1, migratesFrom: 2 });
    expect(mirrorMarkOf({ stockdeskMirror: { version: 3, migratesFrom: 5 } })).toBeNull();
    expect(mirrorMarkOf({ stockdeskMirror: 'ten' })).toBeNull();
    expect(mirrorMarkOf({})).toBeNull();
  });
});

describe('the update controller', () => {
  it('is off without a feed and never checks', async () => {
    const { c, t } = controller(null);
    c.start();
    expect(c.status().phase).toBe('off');
    expect(t.pending()).toEqual([]);
  });

  it('checks at start, then daily; finds nothing newer', async () => {
    const { feed, calls } = feedOf([null]);
    const { c, t } = controller(feed);
    c.start();
    expect(t.pending()).toEqual([0]);
    await t.fire();
    expect(calls.check).toBe(1);
    expect(c.status()).toMatchObject({ phase: 'upToDate', offered: null, checkedAt: '2026-11-26T08:00:00.000Z' });
    expect(t.pending()).toEqual([CHECK_EVERY_MS]);
    await t.fire();
    expect(calls.check).toBe(2);
  });

  it('downloads a build that reads this desk’s data, then waits for the clerk: no restart by itself', async () => {
    const { feed, calls } = feedOf([fits]);
    const { c, t, seen } = controller(feed);
    c.start();
    await t.fire();
    expect(calls.download).toBe(1);
    expect(seen.map((s) => s.phase)).toEqual(['checking', 'downloading', 'downloading', 'downloading', 'ready']);
    expect(seen.filter((s) => s.phase === 'downloading').map((s) => s.percent)).toEqual([0, 40, 100]);
    expect(c.status()).toMatchObject({ phase: 'ready', offered: '1.5.0' });
    // Ready, nothing more is scheduled: no check past the build the clerk is asked about, no restart.
    expect(t.pending()).toEqual([]);
    await c.check();
    expect(calls.check).toBe(1);
    expect(calls.install).toBe(0);
  });

  it('never downloads a build that cannot open this desk’s data, and says why', async () => {
    const { feed, calls } = feedOf([{ version: '1.5.0', mirror: { version: 8, migratesFrom: 0 } }]);
    const { c, t, logs } = controller(feed);
    c.start();
    await t.fire();
    expect(calls.download).toBe(0);
    expect(c.status()).toMatchObject({ phase: 'refused', offered: '1.5.0', refusal: 'mirrorTooNew' });
    expect(logs.join('\n')).toMatch(/update 1\.5\.0 not taken \(mirrorTooNew\): this desk's data is version 9, the build reads 0–8/);
    // Looked at again the next day: a fixed release may have replaced it.
    expect(t.pending()).toEqual([CHECK_EVERY_MS]);
    expect(await c.restart()).toMatchObject({ phase: 'refused' });
    expect(calls.install).toBe(0);
  });

  it('a failed check (offline at start) is tried again within the hour, not the next day', async () => {
    const { feed, calls } = feedOf([new Error('net::ERR_INTERNET_DISCONNECTED'), fits]);
    const { c, t } = controller(feed);
    c.start();
    await t.fire();
    expect(c.status().phase).toBe('failed');
    expect(t.pending()).toEqual([RETRY_AFTER_FAILURE_MS]);
    await t.fire();
    expect(calls.check).toBe(2);
    expect(c.status().phase).toBe('ready');
  });

  it('restarts when the clerk agrees and the outbox is quiet', async () => {
    const { feed, calls } = feedOf([fits]);
    const { c, t } = controller(feed);
    c.start();
    await t.fire();
    expect(await c.restart()).toMatchObject({ phase: 'waitingForSync' });
    expect(calls.install).toBe(1);
  });

  it('never restarts while the outbox is sending: it waits, then restarts once, when sending stopped', async () => {
    const { feed, calls } = feedOf([fits]);
    let busy = true;
    const { c, t } = controller(feed, { busy: () => busy });
    c.start();
    await t.fire();
    expect(await c.restart()).toMatchObject({ phase: 'waitingForSync' });
    expect(calls.install).toBe(0);
    expect(t.pending()).toEqual([SYNC_POLL_MS]);
    await t.fire();
    expect(calls.install).toBe(0);
    busy = false;
    await t.fire();
    expect(calls.install).toBe(1);
    // A second click while it restarts does not install twice.
    await c.restart();
    expect(calls.install).toBe(1);
  });

  it('treats a core that does not answer as busy', async () => {
    const { feed, calls } = feedOf([fits]);
    const { c, t } = controller(feed, {
      busy: () => {
        throw new Error('core gone');
      },
    });
    c.start();
    await t.fire();
    await c.restart();
    expect(calls.install).toBe(0);
    expect(t.pending()).toEqual([SYNC_POLL_MS]);
  });

  it('stops checking when the app quits', async () => {
    const { feed } = feedOf([null]);
    const { c, t } = controller(feed);
    c.start();
    c.stop();
    expect(t.pending()).toEqual([]);
  });
});
