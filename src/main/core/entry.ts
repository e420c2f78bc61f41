/**
 * The core's process entry: the same file runs as an Electron utilityProcess (messages through
 * `process.parentPort`) and as a plain Node child process (`process.send` / `process.on('message')`,
 * e.g. `node --import tsx src/main/core/entry.ts`). No Electron import: the parent port is duck-typed.
 *
 * Configuration (environment, or argv `--data-dir <dir>`):
 *   STOCKDESK_DATA_DIR         the data folder (mirror.db, demo-server/); required
 *   STOCKDESK_SQLITE_BINDING   path of a better_sqlite3.node built for Electron's ABI (optional)
 *   STOCKDESK_CREDENTIALS      'host' (default under Electron: ask the host, which uses safeStorage),
 *                              'file' (a 0600 file credentials.json in the data dir: the harness),
 *                              or 'memory'
 *   STOCKDESK_LOG_LEVEL        'silent' | 'error' | 'info' (default 'error'), lines on stderr
 *   (warnings and errors are also appended to <data dir>/logs/core.log, which the support bundle carries)
 *   STOCKDESK_ENGINE           JSON overrides of the sync timers, e.g. {"backoff":{"baseMs":5,"capMs":50}} (tests)
 *
 * Message protocol (every message is a plain JSON-serialisable object):
 *   host → core  {type:'invoke', id:number, channel:string, request:unknown}
 *   core → host  {type:'result', id, response: IpcResponse}        exactly one per invoke
 *   core → host  {type:'event', event:EventName, payload}          sync.status, outbox.changed, mirror.changed
 *   core → host  {type:'ready', timings}                           once, after the mirror is open and start() ran;
 *                                                                  timings: {loadedMs, activatedMs, mirrorMs, startMs} since the process began
 *   core → host  {type:'fatal', message}                           startup failed (then the process exits 1)
 *   host → core  {type:'shutdown'}                                 stop timers, close the mirror, exit 0
 * Standby (argv `--standby`): the process loads its code and waits; nothing is opened until
 *   host → core  {type:'activate'}                                 then it starts as above and says ready.
 *   The host keeps one standby core warm so a crashed core is replaced without loading the code
 *   again (about 1–1.5 s of the 2 s a restart may take, under tsx).
 * Credentials (only with STOCKDESK_CREDENTIALS=host):
 *   core → host  {type:'credentials', id:number, op:'load'|'save'|'clear', credentials?:ClerkBook}
 *   host → core  {type:'credentials', id, ok:true, credentials?:ClerkBook|{apiKey, sessionKey}|null}
 *                (the clerk book of clerkBook.ts; an older host file may still hold one bare pair)
 *             or {type:'credentials', id, ok:false, message}       e.g. no OS key store
 * Invokes that arrive before the core is ready are queued, not dropped.
 */
import { join } from 'node:path';
import { openCore, type Core } from './core';
import { fileLogWriter } from './support/fileLog';
import { fileCredentialStore, hostCredentialStore, memoryCredentialStore, type CredentialsReply, type CredentialsRequest } from './credentials';
import type { EngineConfig } from './sync/engine';
import type { CoreLog, CredentialStore } from './types';

interface Port {
  postMessage(m: unknown): void;
  on(event: 'message', fn: (e: { data: unknown }) => void): void;
}

const parentPort = (process as unknown as { parentPort?: Port }).parentPort;

function send(m: unknown): void {
  if (parentPort) parentPort.postMessage(m);
  else if (process.send) process.send(m);
}

function onMessage(fn: (m: unknown) => void): void {
  if (parentPort) parentPort.on('message', (e) => fn(e.data));
  else process.on('message', fn);
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const level = process.env.STOCKDESK_LOG_LEVEL ?? 'error';
// Lines go to stderr at the chosen level and, warnings and errors always, to <data folder>/logs/core.log (support bundle).
const dataDirArg = arg('--data-dir') ?? process.env.STOCKDESK_DATA_DIR;
const toFile = dataDirArg ? fileLogWriter(dataDirArg) : () => {};
const line = (lvl: string, stderr: boolean) => (msg: string, data?: Record<string, unknown>) => {
  const text = `${JSON.stringify({ t: new Date().toISOString(), lvl, msg, ...data })}\n`;
  if (stderr) process.stderr.write(text);
  if (lvl !== 'info' || stderr) toFile(text);
};
const log: CoreLog = {
  info: line('info', level === 'info'),
  warn: line('warn', level === 'info'),
  error: line('error', level !== 'silent'),
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function main(): Promise<void> {
  // Start-up phases, since the process began (performance's time origin): measured because a
  // restart after a crash must be back replaying within 2 s, and this says where the time goes.
  const loadedMs = Math.round(performance.now());
  const dataDir = arg('--data-dir') ?? process.env.STOCKDESK_DATA_DIR;
  if (!dataDir) throw new Error('STOCKDESK_DATA_DIR (or --data-dir) is required');
  const mode = process.env.STOCKDESK_CREDENTIALS ?? (parentPort ? 'host' : 'file');
  const host = mode === 'host' ? hostCredentialStore((m: CredentialsRequest) => send(m)) : null;
  const store: CredentialStore = host ?? (mode === 'memory' ? memoryCredentialStore() : fileCredentialStore(join(dataDir, 'credentials.json')));

  let core: Core | null = null;
  const waiting: Array<Record<string, unknown>> = [];
  let activate = () => {};
  const activated = process.argv.includes('--standby') ? new Promise<void>((r) => (activate = r)) : Promise.resolve();
  const handle = (m: Record<string, unknown>) => {
    if (m.type === 'activate') {
      activate();
    } else if (m.type === 'invoke' && core) {
      const id = m.id;
      void core.invoke(String(m.channel), m.request).then((response) => send({ type: 'result', id, response }));
    } else if (m.type === 'invoke') {
      waiting.push(m);
    } else if (m.type === 'shutdown') {
      void (core?.stop() ?? Promise.resolve()).finally(() => process.exit(0));
    }
  };
  onMessage((m) => {
    if (!isRecord(m)) return;
    if (m.type === 'credentials' && host) host.receive(m as unknown as CredentialsReply);
    else handle(m);
  });

  // The host going away is the end of the core too, standby or not (registered again below with stop()).
  const orphaned = () => process.exit(0);
  process.on('disconnect', orphaned);
  await activated;
  const activatedMs = Math.round(performance.now());
  process.off('disconnect', orphaned);

  const engine = process.env.STOCKDESK_ENGINE ? (JSON.parse(process.env.STOCKDESK_ENGINE) as Partial<EngineConfig>) : undefined;
  const c = await openCore({ dataDir, nativeBinding: process.env.STOCKDESK_SQLITE_BINDING || undefined, credentialStore: store, log, dailyBackup: {}, ...(engine ? { engine } : {}) });
  const mirrorMs = Math.round(performance.now());
  for (const event of ['sync.status', 'outbox.changed', 'mirror.changed'] as const) c.on(event, (payload) => send({ type: 'event', event, payload }));
  await c.start();
  core = c;
  const timings = { loadedMs, activatedMs, mirrorMs, startMs: Math.round(performance.now()) };
  log.info('core ready', timings);
  send({ type: 'ready', timings });
  for (const m of waiting.splice(0)) handle(m);
  // The host going away is the end of the core too.
  process.on('disconnect', () => void c.stop().finally(() => process.exit(0)));
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  log.error('core failed to start', { message });
  send({ type: 'fatal', message });
  setTimeout(() => process.exit(1), 50);
});
