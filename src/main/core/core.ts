/**
 * The desktop core: the mirror, the outbox, the sync engine and every core channel of the IPC
 * contract, as plain Node with its dependencies passed in. entry.ts runs it in its own process;
 * tests run it in theirs.
 */
import { join } from 'node:path';
import { MoneyError } from '@shared/money';
import { EVENT_NAMES, type EventName, type Events, type IpcResponse } from '@shared/ipc/channels';
import { IpcError, validateRequest } from '@shared/ipc/validate';
import type { Settings } from '@shared/ipc/types';
import { ApiClient } from './api/client';
import { DeskClerks } from './clerks';
import { saveTypedKeys } from './keysForm';
import type { Db } from './mirror/db';
import { openMirrorChecked, backupBeforeMigration } from './backup/open';
import { restoreInto, type BackupOps } from './backup/restore';
import { scheduleDaily, type Scheduler } from './backup/scheduler';
import { backupConfig } from './backup/config';
import { lastBackupAt, takeBackup, type BackupPlace } from './backup/take';
import { getKv, setKv } from './mirror/settings';
import { accountDay } from './mirror/timeZone';
import { counts, pruneDone, recoverInFlight } from './outbox/repo';
import type { OutboxDeps } from './outbox/service';
import { DEFAULT_ENGINE, SyncEngine, type EngineConfig } from './sync/engine';
import { HANDLERS } from './handlers';
import type { CoreChannel, CoreContext, Handler, MirrorTable } from './handlers/context';
import type { DemoServer } from './demo';
import { cryptoRandom } from './random';
import { silentLog, systemClock, type CoreClock, type CoreLog, type CredentialStore, type FetchFn, type Random } from './types';

const OUTBOX_EVENT_MS = 200;

export interface CoreOptions {
  /** The folder for the mirror (mirror.db) and the demo server's data. */
  dataDir: string;
  /** Overrides `${dataDir}/mirror.db`. */
  dbPath?: string;
  /** better_sqlite3.node built for the running ABI (Electron); Node's default otherwise. */
  nativeBinding?: string;
  clock?: CoreClock;
  fetch?: FetchFn;
  credentialStore: CredentialStore;
  random?: Random;
  log?: CoreLog;
  /** Timers, backoff and timeouts of the sync engine. */
  engine?: Partial<EngineConfig>;
  startDemoServer?: (dataDir: string, nativeBinding?: string) => Promise<DemoServer>;
  /**
   * The daily backup while the core runs (backup/scheduler.ts): on in the app (entry.ts), off by
   * default so tests that move a fake clock by days do not take backups they did not ask for.
   */
  dailyBackup?: { everyMs?: number; firstDelayMs?: number } | false;
}

export interface Core {
  invoke(channel: string, request: unknown): Promise<IpcResponse<unknown>>;
  on<E extends EventName>(event: E, listener: (payload: Events[E]) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** For tests and the entry: the engine and the database (both replaced when a backup is restored). */
  readonly engine: SyncEngine;
  readonly db: Db;
}

/**
 * createCore after the one step that must wait: a backup of an existing mirror that this desk is
 * about to migrate (SQLite's online backup is asynchronous). The core's entry opens it this way.
 */
export async function openCore(opts: CoreOptions): Promise<Core> {
  const place: BackupPlace = { dataDir: opts.dataDir, extraDir: null, keep: Number.MAX_SAFE_INTEGER, ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}) };
  await backupBeforeMigration(mirrorPathOf(opts), place, (opts.clock ?? systemClock).now(), opts.log ?? silentLog);
  return createCore(opts);
}

const mirrorPathOf = (opts: CoreOptions) => opts.dbPath ?? join(opts.dataDir, 'mirror.db');

/**
 * The demo server (the whole Command API server) is loaded only when the demo runs: it is a third
 * of the core's start-up, and a restart after a crash must be back replaying within 2 s.
 */
const defaultDemo = async (dataDir: string, nativeBinding?: string): Promise<DemoServer> => (await import('./demo')).startDemoServer(dataDir, nativeBinding);

const DEFAULT_SETTINGS = { serverUrl: null as string | null, format: 'json' as Settings['format'], language: 'hu' as Settings['language'], demo: false };

export function createCore(opts: CoreOptions): Core {
  const clock = opts.clock ?? systemClock;
  const random = opts.random ?? cryptoRandom;
  const log = opts.log ?? silentLog;
  const fetchFn: FetchFn = opts.fetch ?? ((u, i) => fetch(u, i));
  const config: EngineConfig = { ...DEFAULT_ENGINE, ...opts.engine, backoff: { ...DEFAULT_ENGINE.backoff, ...opts.engine?.backoff } };
  const mirrorPath = mirrorPathOf(opts);
  let db = openMirrorChecked(mirrorPath, opts.dataDir, clock.now(), log, opts.nativeBinding);
  const listeners = new Map<EventName, Set<(p: unknown) => void>>(EVENT_NAMES.map((e) => [e, new Set()]));
  // Issue 19: the desk's clerks, each with their own keys and client (clerks.ts).
  const clerks = new DeskClerks(opts.credentialStore, (keys) => {
    const s = stored();
    return s.serverUrl
      ? new ApiClient({ baseUrl: s.serverUrl, format: s.format, apiKey: keys.apiKey, sessionKey: keys.sessionKey, fetch: fetchFn, timeoutMs: config.callTimeoutMs,
        // Every answer (or none) of every call tells the engine about connectivity.
        observe: (answered) => engine.observe(answered) })
      : null;
  });
  let demo: DemoServer | null = null;

  /**
   * outbox.changed at once, then at most every OUTBOX_EVENT_MS with the latest figures: counting
   * reads every waiting entry, and an import queues and sends thousands (one count per entry was
   * quadratic, a third of a 10,000-product import's time).
   */
  let outboxEventAt = 0;
  // Time through the core's clock, as everywhere in the core: tests with a test clock see the throttle.
  let outboxTimer: unknown = null;
  let closed = false;
  const outboxChanged = () => {
    if (outboxTimer !== null || closed) return;
    const wait = outboxEventAt + OUTBOX_EVENT_MS - clock.now().getTime();
    const fire = () => {
      outboxTimer = null;
      // A restore holds the mirror closed for a moment; it tells the new mirror's figures itself.
      if (closed || !db.open) return;
      outboxEventAt = clock.now().getTime();
      emit('outbox.changed', counts(db));
    };
    if (wait <= 0) fire();
    else outboxTimer = clock.setTimeout(fire, wait);
  };

  const emit = <E extends EventName>(event: E, payload: Events[E]) => {
    for (const l of listeners.get(event) ?? []) {
      try {
        l(payload);
      } catch (e) {
        log.error('event listener failed', { event, message: (e as Error).message });
      }
    }
  };
  const stored = () => ({ ...DEFAULT_SETTINGS, ...getKv<Partial<typeof DEFAULT_SETTINGS>>(db, 'settings', 'settings', {}) });
  const settings = (): Settings => ({ ...stored(), hasCredentials: clerks.current() !== null });
  const rebuildClient = () => clerks.rebuild();
  /** Another clerk signed in (or the keys changed): their client, their role on the screens at once. */
  const clerkChanged = () => {
    engine.reset();
    const cur = clerks.current();
    if (cur?.role) setKv(db, 'sync_state', 'clerk', { name: cur.name, role: cur.role });
    emit('sync.status', engine.status());
  };

  // The engine and the outbox hold the database: a restore makes them again around the new one.
  const makeEngine = () => new SyncEngine({
    db, clock, random, log, config, api: () => clerks.client(), serverUrl: () => stored().serverUrl,
    clientFor: (id) => clerks.clientFor(id), clerkName: (id) => clerks.nameOf(id), clerkIsCurrent: (id) => clerks.isCurrent(id),
    clerkLearnt: (c) => void clerks.learnt(c).catch((e: Error) => log.warn('could not keep the clerk name', { message: e.message })),
    emitStatus: (s) => emit('sync.status', s),
    emitOutbox: () => emit('outbox.changed', counts(db)),
    emitMirror: (tables) => emit('mirror.changed', { tables: tables as MirrorTable[] }),
  });
  let engine = makeEngine();
  let outbox: OutboxDeps = { db, random, now: () => clock.now(), clerkId: () => clerks.current()?.id ?? null };
  let daily: Scheduler | null = null;

  const place = (): BackupPlace => ({ dataDir: opts.dataDir, ...backupConfig(db), ...(opts.nativeBinding ? { nativeBinding: opts.nativeBinding } : {}) });
  // One backup or restore at a time: a restore must not close the mirror under a running backup.
  let exclusive: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = exclusive.then(fn, fn);
    exclusive = run.catch(() => undefined);
    return run;
  };
  let extraError: string | null = null;
  const backupOps: BackupOps = {
    place, mirrorPath, nativeBinding: opts.nativeBinding, now: () => clock.now(), log,
    take: (reason) => takeBackup(db, place(), reason, clock.now()).then((t) => {
      extraError = t.extra && !t.extra.ok ? t.extra.message : null;
      return t;
    }),
    async close() {
      await engine.stop();
      if (outboxTimer !== null) clock.clearTimeout(outboxTimer);
      outboxTimer = null;
      db.close();
    },
    reopen() {
      db = openMirrorChecked(mirrorPath, opts.dataDir, clock.now(), log, opts.nativeBinding);
      recoverInFlight(db);
      // The embedded demo server keeps running on its own port, whatever the backup remembers.
      const s = stored();
      if (s.demo && demo) setKv(db, 'settings', 'settings', { ...s, serverUrl: demo.url });
      engine = makeEngine();
      outbox = { db, random, now: () => clock.now(), clerkId: () => clerks.current()?.id ?? null };
      rebuildClient();
      emit('mirror.changed', { tables: ['products', 'quantities', 'contacts', 'warehouses', 'orders', 'invoices', 'dues', 'counts', 'outbox'] });
      emit('outbox.changed', counts(db));
      emit('sync.status', engine.status());
      engine.kick();
    },
  };

  const ctx: CoreContext = {
    get db() {
      return db;
    },
    get engine() {
      return engine;
    },
    get outbox() {
      return outbox;
    },
    clock, random, log, settings, api: () => clerks.client(),
    dataDir: opts.dataDir,
    secrets: () => clerks.secrets(),
    clerks,
    clerkChanged,
    backups: {
      take: (reason) => serial(() => backupOps.take(reason)),
      restore: (folder, name) => serial(() => restoreInto(backupOps, folder, name)),
      place,
      extraError: () => extraError,
    },
    today: () => accountDay(db, clock.now()),
    async updateSettings(patch) {
      const before = stored();
      const next = { ...before, ...patch };
      setKv(db, 'settings', 'settings', next);
      // Only a change of server or wire format touches the connection; the interface language does not.
      if (next.serverUrl !== before.serverUrl || next.format !== before.format || next.demo !== before.demo) {
        rebuildClient();
        if (next.serverUrl !== before.serverUrl) setKv(db, 'sync_state', 'mirrored', false);
        engine.reset();
      }
      return settings();
    },
    async setCredentials(c) {
      // Issue 19: typed keys never take the signed-in clerk's unsent work unchecked (keysForm.ts).
      await saveTypedKeys({ clerks, db, capabilities: () => engine.capabilities(), log }, c);
      clerkChanged();
      return settings();
    },
    async startDemo() {
      if (!demo) demo = await (opts.startDemoServer ?? defaultDemo)(opts.dataDir, opts.nativeBinding);
      await clerks.setCurrentKeys(demo.credentials);
      return ctx.updateSettings({ serverUrl: demo.url, demo: true });
    },
    changed(tables) {
      emit('mirror.changed', { tables });
      if (tables.includes('outbox')) outboxChanged();
      engine.kick();
    },
  };

  return {
    get engine() {
      return engine;
    },
    get db() {
      return db;
    },
    async invoke(channel, request) {
      try {
        const v = validateRequest<CoreChannel>(channel, request);
        const handler = HANDLERS[v.channel] as Handler<CoreChannel> | undefined;
        if (!handler) throw new IpcError({ code: 'VALIDATION_ERROR', message: `${v.channel} is served by the app window, not the core.`, details: [] });
        const result = await handler(ctx, v.request as never);
        return { ok: true, result: result ?? null };
      } catch (e) {
        if (e instanceof IpcError) return { ok: false, error: e.body };
        if (e instanceof MoneyError) return { ok: false, error: { code: 'VALIDATION_ERROR', message: e.message, details: [{ field: e.field, message: e.message }] } };
        log.error('channel failed', { channel, message: (e as Error).message, stack: (e as Error).stack });
        return { ok: false, error: { code: 'INTERNAL_ERROR', message: `Stockdesk could not do this: ${(e as Error).message}`, details: [] } };
      }
    },
    on(event, listener) {
      const set = listeners.get(event)!;
      set.add(listener as (p: unknown) => void);
      return () => set.delete(listener as (p: unknown) => void);
    },
    async start() {
      recoverInFlight(db);
      pruneDone(db, new Date(clock.now().getTime() - 30 * 86_400_000));
      await clerks.load();
      const s = stored();
      // The embedded demo server lives in this process: start it again on a restart.
      if (s.demo && (opts.startDemoServer ?? defaultDemo)) {
        demo = await (opts.startDemoServer ?? defaultDemo)(opts.dataDir, opts.nativeBinding);
        clerks.useVolatile(demo.credentials);
        setKv(db, 'settings', 'settings', { ...s, serverUrl: demo.url });
      }
      rebuildClient();
      engine.kick();
      if (opts.dailyBackup) {
        const every = opts.dailyBackup.everyMs ?? 86_400_000;
        daily = scheduleDaily({
          clock, log, everyMs: every, firstDelayMs: opts.dailyBackup.firstDelayMs ?? 10 * 60_000,
          last: () => lastBackupAt(opts.dataDir),
          run: () => ctx.backups.take('daily'),
        });
      }
    },
    async stop() {
      daily?.stop();
      closed = true;
      if (outboxTimer !== null) clock.clearTimeout(outboxTimer);
      await serial(async () => undefined);
      await engine.stop();
      await demo?.close();
      demo = null;
      db.close();
    },
  };
}
