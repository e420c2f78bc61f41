/**
 * Backups of the desk's mirror (issue 19, "The desk's data is safe"), on real SQLite files and a
 * real server: rotation per folder, verification before pruning, what a backup holds, refusing a
 * backup from a newer desk, the backup before a migration, a damaged mirror at start, the clerk's
 * folder failing without stopping the backup, and a restore after which the outbox replays with its
 * original request_ids and the server applies nothing twice.
 */
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type * as FsPromises from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/** Holds a restore between closing the old mirror and opening the new one (the window CI once hit under load). */
const slowSwap = vi.hoisted(() => ({ ms: 0 }));
vi.mock('node:fs/promises', async (real) => {
  const fsp = await real<typeof FsPromises>();
  return { ...fsp, rm: async (...a: Parameters<typeof fsp.rm>) => {
    if (slowSwap.ms && String(a[0]).endsWith('.staged')) await new Promise((r) => setTimeout(r, slowSwap.ms));
    return fsp.rm(...a);
  } };
});
import { openDb } from '@sqlite/connection';
import { MIRROR_MIGRATIONS } from '@main/core/mirror/migrations';
import { createCore, openCore } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { scheduleDaily } from '@main/core/backup/scheduler';
import { verifyBackup } from '@main/core/backup/verify';
import { restoreInto } from '@main/core/backup/restore';
import { silentLog } from '@main/core/types';
import { startTestServer, TestClock, type TestServer } from '../helpers/server';
import { FakeCoreClock, seedCatalog, startTestCore, type TestCore } from '../helpers/core';

const LATEST = MIRROR_MIGRATIONS.length;
const dirs: string[] = [];
const tempDir = (what: string) => {
  const d = mkdtempSync(join(tmpdir(), `stockdesk-${what}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function waitFor(ok: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const backupFiles = (dir: string) => readdirSync(dir).filter((n) => /^mirror-.*\.db$/.test(n)).sort();

describe('taking backups', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 5, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('writes a verified backup that says what it holds: its time, the mirror version, unsent and refused entries', async () => {
    c.net.offline = true;
    await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: 2, contactId: s.account.supplierContactId });
    await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: 3, contactId: s.account.supplierContactId });
    const taken = await c.ok('backup.create', {});
    expect(taken.extra).toBeNull();
    expect(taken.backup).toMatchObject({ folder: 'data', reason: 'manual', mirrorVersion: LATEST, unsent: 2, refused: 0, newer: false, problem: null, takenAt: s.clock.now().toISOString() });
    expect(taken.backup.name).toMatch(/^mirror-\d{8}T\d{9}Z-manual\.db$/);
    // A lone file in rollback-journal mode: readable read-only anywhere, no -wal beside it.
    const b = new Database(join(c.dir, 'backups', taken.backup.name), { readonly: true });
    expect(b.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(b.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((b.prepare("SELECT count(*) AS n FROM outbox WHERE state IN ('queued', 'retry_wait')").get() as { n: number }).n).toBe(2);
    b.close();
    expect(readdirSync(join(c.dir, 'backups')).filter((n) => !n.endsWith('.db'))).toEqual([]);
  });

  it('keeps the last N per folder, newest first, in the data folder and in the clerk’s folder alike', async () => {
    const extra = tempDir('extra');
    await c.ok('backup.configure', { keep: 3, extraDir: extra });
    for (let i = 0; i < 5; i++) {
      c.clock.advance(60_000);
      const t = await c.ok('backup.create', {});
      expect(t.extra).toEqual({ ok: true, name: t.backup.name });
    }
    const data = backupFiles(join(c.dir, 'backups'));
    expect(data).toHaveLength(3);
    expect(backupFiles(extra)).toEqual(data);
    const list = await c.ok('backup.list', {});
    expect(list.config).toEqual({ keep: 3, extraDir: extra });
    expect(list.backups.map((b) => `${b.folder}:${b.name}`)).toEqual(data.slice().reverse().flatMap((n) => [`data:${n}`, `extra:${n}`]));
    expect(list.mirrorVersion).toBe(LATEST);
  });

  it('a failed backup prunes nothing, and a damaged file never counts as a backup', async () => {
    const dir = join(c.dir, 'backups');
    const before = backupFiles(dir);
    c.clock.advance(60_000);
    // The next backup's temporary file cannot be written: a folder is in its way.
    const stamp = s.clock.now().toISOString().replace(/[-:.]/g, '');
    mkdirSync(join(dir, `mirror-${stamp}-manual.db.partial`));
    const r = await c.call('backup.create', {});
    expect(r.ok).toBe(false);
    expect(backupFiles(dir)).toEqual(before);
    rmSync(join(dir, `mirror-${stamp}-manual.db.partial`), { recursive: true });
    // A file with a backup's name but garbage inside: listed with its problem, and refused.
    const bogus = 'mirror-20200101T000000000Z-daily.db';
    writeFileSync(join(dir, bogus), Buffer.alloc(8192, 7));
    const listed = (await c.ok('backup.list', {})).backups.find((b) => b.name === bogus);
    expect(listed?.problem).toMatch(/cannot be opened as a database|cannot be read/);
    const refused = await c.call('backup.restore', { folder: 'data', name: bogus });
    expect(refused.ok ? null : refused.error).toMatchObject({ code: 'CONFLICT', message: expect.stringContaining(`The backup ${bogus} cannot be restored`) });
    rmSync(join(dir, bogus));
  });

  it('the clerk’s folder failing (a network drive gone) is reported, and the backup in the data folder is made all the same', async () => {
    const extra = tempDir('gone');
    await c.ok('backup.configure', { extraDir: extra });
    rmSync(extra, { recursive: true });
    c.clock.advance(60_000);
    const t = await c.ok('backup.create', {});
    expect(t.backup.problem).toBeNull();
    expect(t.extra).toMatchObject({ ok: false, message: expect.stringContaining(`The backup could not be copied to ${extra}`) });
    expect((await c.ok('backup.list', {})).extraError).toContain(extra);
  });

  it('takes only a folder that exists and can be written, as a full path', async () => {
    const relative = await c.call('backup.configure', { extraDir: 'backups/elsewhere' });
    expect(relative.ok ? null : relative.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: '', message: 'backups/elsewhere: it must be a full folder path as the folder dialog gives it' }] });
    const missing = await c.call('backup.configure', { extraDir: join(tmpdir(), 'no-such-folder-stockdesk') });
    expect(missing.ok ? null : missing.error.details[0]?.message).toBe(`${join(tmpdir(), 'no-such-folder-stockdesk')}: it does not exist or cannot be reached`);
    const own = await c.call('backup.configure', { extraDir: join(c.dir, 'backups') });
    expect(own.ok ? null : own.error.details[0]?.message).toMatch(/the desk’s own data folder/);
    const readOnly = tempDir('ro');
    chmodSync(readOnly, 0o500);
    const ro = await c.call('backup.configure', { extraDir: readOnly });
    chmodSync(readOnly, 0o700);
    // Root may write anywhere; everyone else is told why.
    if (process.getuid?.() !== 0) expect(ro.ok ? null : ro.error.details[0]?.message).toMatch(/Stockdesk cannot write there/);
    const badName = await c.call('backup.restore', { folder: 'data', name: '../mirror.db' });
    expect(badName.ok ? null : badName.error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'name', message: 'must be a backup name from the list' }] });
    await c.ok('backup.configure', { extraDir: null, keep: 7 });
  });

  it('refuses a backup made by a newer desk with a message that says what to do, and leaves the mirror as it was', async () => {
    const dir = join(c.dir, 'backups');
    const newest = backupFiles(dir).at(-1)!;
    const future = 'mirror-20991231T235959999Z-manual.db';
    copyFileSync(join(dir, newest), join(dir, future));
    const f = new Database(join(dir, future));
    f.pragma(`user_version = ${LATEST + 1}`);
    f.close();
    const listed = (await c.ok('backup.list', {})).backups.find((b) => b.name === future);
    expect(listed).toMatchObject({ newer: true, mirrorVersion: LATEST + 1 });
    const before = (await c.ok('outbox.list', {})).length;
    const r = await c.call('backup.restore', { folder: 'data', name: future });
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'CONFLICT',
      message: `The backup ${future} was made by a newer Stockdesk (its data is version ${LATEST + 1}; this Stockdesk reads up to version ${LATEST}). Update Stockdesk on this computer, then restore it.`,
    });
    expect((await c.ok('outbox.list', {})).length).toBe(before);
    rmSync(join(dir, future));
  });
});

describe('restoring a backup', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  afterEach(async () => {
    await c?.close();
    await s?.close();
  });

  it('replays entries the server already applied with their request_ids, and the server applies each once', async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 3, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
    const supplier = s.account.supplierContactId;
    const moves = async () => (await s.app.store.get<{ n: number }>('SELECT count(*) AS n FROM stock_moves WHERE account_id = ?', [s.account.accountId]))!.n;
    const movesBefore = await moves();
    c.net.offline = true;
    await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: 4, contactId: supplier });
    const made = await c.ok('products.save', { product: { product_name: 'Visszaállított szűrő', currency: 'HUF', vat: 27, unit: 'db', ean_number: '5990000088885' } });
    await c.ok('stock.adjust', { productId: made.id, warehouse: 'Default', quantity: 6, contactId: supplier });
    const requestIds = (c.core.db.prepare("SELECT request_id FROM outbox WHERE state IN ('queued', 'retry_wait') ORDER BY id").all() as Array<{ request_id: string }>).map((r) => r.request_id);
    expect(requestIds).toHaveLength(3);
    const backup = (await c.ok('backup.create', {})).backup;
    expect(backup.unsent).toBe(3);

    // Online: everything reaches the server once.
    c.net.offline = false;
    c.clock.advance(10_000);
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect(await moves()).toBe(movesBefore + 2);

    // The clerk restores the backup made while the three were unsent.
    c.clock.advance(60_000);
    const r = await c.ok('backup.restore', { folder: 'data', name: backup.name });
    expect(r).toMatchObject({ restored: { name: backup.name, unsent: 3 }, setAside: null, previous: expect.stringMatching(/-restore\.db$/) });
    const again = (c.core.db.prepare("SELECT request_id FROM outbox WHERE state IN ('queued', 'retry_wait') ORDER BY id").all() as Array<{ request_id: string }>).map((x) => x.request_id);
    expect(again).toEqual(requestIds);
    c.net.calls.length = 0;
    c.clock.advance(10_000);
    await c.sync();
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    // They were sent again — and the server answered from its stored answers, changing nothing.
    expect(c.net.calls.filter((x) => x.method === 'setQuantity' || x.method === 'setProduct').length).toBeGreaterThanOrEqual(3);
    expect(await moves()).toBe(movesBefore + 2);
    const stored = (await s.app.store.get<{ n: number }>(`SELECT count(*) AS n FROM idempotency WHERE request_id IN (${requestIds.map(() => '?').join(', ')})`, requestIds))!;
    expect(stored.n).toBe(3);
    expect((await s.ok('getProduct', { filter: '5990000088885' })).products).toHaveLength(1);
    const q = await s.ok('getQuantity', { product_id: ids[0]!, warehouse: 'Default' });
    expect(q.quantities.find((x) => x.warehouse === 'Default')?.deliverable).toBe(14);
    // The restored mirror agrees with the server: the product made offline carries its server id.
    const onServer = (await s.ok('getProduct', { filter: '5990000088885' })).products[0]!.id;
    expect(await c.ok('products.get', { id: made.id })).toMatchObject({ id: onServer, local: false, deliverable: 6 });
  });
  it('a restore with the outbox figures still to be told (changes just queued) tells the new mirror’s figures and raises no error from the closed one', async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 2, s.clock.now(), { stockEvery: 1 });
    c = await startTestCore(s);
    c.net.offline = true;
    const backup = (await c.ok('backup.create', {})).backup;
    const seen: unknown[] = [];
    c.core.on('outbox.changed', (x) => seen.push(x));
    // Two changes in one breath: the first is told at once, the second waits for the 200 ms throttle,
    // and the restore closes the mirror it would count and holds it closed past that moment.
    await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: 1, contactId: s.account.supplierContactId });
    await c.ok('stock.adjust', { productId: ids[1]!, warehouse: 'Default', quantity: 1, contactId: s.account.supplierContactId });
    slowSwap.ms = 400;
    try {
      const r = await c.ok('backup.restore', { folder: 'data', name: backup.name });
      expect(r.restored.unsent).toBe(0);
    } finally {
      slowSwap.ms = 0;
    }
    await new Promise((res) => setTimeout(res, 300));
    // The figures told last are the restored mirror's: nothing waiting.
    expect(seen.at(-1)).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
    expect((await c.ok('sync.status', {})).outbox).toEqual({ queued: 0, inFlight: 0, needsAttention: 0 });
  });
});

describe('verifying a backup', () => {
  it('runs the integrity check (off the core’s thread) and names what it found', async () => {
    const dir = tempDir('verify');
    const file = join(dir, 'b.db');
    const db = new Database(file);
    db.pragma('journal_mode = DELETE');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX t_v ON t (v);');
    const ins = db.prepare('INSERT INTO t (v) VALUES (?)');
    db.transaction(() => { for (let i = 0; i < 2000; i++) ins.run(`value ${i} `.repeat(5)); })();
    db.pragma('user_version = 3');
    db.close();
    expect(await verifyBackup(file)).toEqual({ mirrorVersion: 3, unsent: 0, refused: 0 });
    // Scribble over the middle of the file: the pages are still there, their contents are not.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(3000, 0x41), 0, 3000, 4096 * 6 + 200);
    closeSync(fd);
    await expect(verifyBackup(file)).rejects.toThrow(/its integrity check failed|cannot be read/);
    await expect(verifyBackup(join(dir, 'missing.db'))).rejects.toThrow(/cannot be opened as a database/);
  });
});

describe('restoring an older backup', () => {
  it('brings a backup from an older desk up to date on the way in, its outbox intact', async () => {
    const dir = tempDir('older');
    const clock = new FakeCoreClock(new TestClock());
    const core = createCore({ dataDir: dir, clock, credentialStore: memoryCredentialStore() });
    mkdirSync(join(dir, 'backups'));
    const name = 'mirror-20261101T080000000Z-daily.db';
    const old = openDb(join(dir, 'backups', name), { migrations: MIRROR_MIGRATIONS.slice(0, LATEST - 1) });
    old.prepare("INSERT INTO outbox (method, params, request_id, state, created_at, updated_at, summary, queue_key) VALUES ('setQuantity', '{}', 'r-older-1', 'needs_attention', '2026-11-01', '2026-11-01', 'x', 'stock:1')").run();
    old.pragma('journal_mode = DELETE');
    old.close();
    const r = await core.invoke('backup.restore', { folder: 'data', name });
    expect(r).toMatchObject({ ok: true, result: { restored: { name, mirrorVersion: LATEST - 1, unsent: 0, refused: 1 } } });
    expect(core.db.pragma('user_version', { simple: true })).toBe(LATEST);
    expect((core.db.prepare('SELECT request_id FROM outbox').all() as Array<{ request_id: string }>).map((x) => x.request_id)).toEqual(['r-older-1']);
    await core.stop();
  });
});

describe('restoring over a mirror that cannot be backed up', () => {
  it('keeps the replaced file as damaged-….db and still restores', async () => {
    const dir = tempDir('aside');
    const mirrorPath = join(dir, 'mirror.db');
    writeFileSync(mirrorPath, Buffer.alloc(4096, 0x5a));
    writeFileSync(`${mirrorPath}-wal`, 'stale wal');
    mkdirSync(join(dir, 'backups'));
    const name = 'mirror-20261101T080000000Z-manual.db';
    const good = openDb(join(dir, 'backups', name), { migrations: MIRROR_MIGRATIONS });
    good.pragma('journal_mode = DELETE');
    good.close();
    const events: string[] = [];
    const r = await restoreInto({
      place: () => ({ dataDir: dir, extraDir: null, keep: 7 }), mirrorPath, nativeBinding: undefined, now: () => new Date('2026-11-22T09:00:00.000Z'), log: silentLog,
      take: async () => {
        throw new Error('file is not a database');
      },
      close: async () => void events.push('close'),
      reopen: () => void events.push('reopen'),
    }, 'data', name);
    expect(r).toEqual({ restored: expect.objectContaining({ name }), previous: null, setAside: 'damaged-20261122T090000000Z.db' });
    expect(events).toEqual(['close', 'reopen']);
    expect(readFileSync(join(dir, 'backups', 'damaged-20261122T090000000Z.db'))).toEqual(Buffer.alloc(4096, 0x5a));
    expect(readFileSync(join(dir, 'backups', 'damaged-20261122T090000000Z.db-wal'), 'utf8')).toBe('stale wal');
    expect(existsSync(`${mirrorPath}-wal`)).toBe(false);
    const now = new Database(mirrorPath, { readonly: true });
    expect(now.pragma('user_version', { simple: true })).toBe(LATEST);
    now.close();
    expect(readdirSync(join(dir, 'backups')).filter((n) => n.endsWith('.staged'))).toEqual([]);
  });
});

describe('opening the mirror', () => {
  it('backs up an existing mirror before migrating it, and only then', async () => {
    const dir = tempDir('migrate');
    const old = openDb(join(dir, 'mirror.db'), { migrations: MIRROR_MIGRATIONS.slice(0, LATEST - 1) });
    old.prepare("INSERT INTO outbox (method, params, request_id, state, created_at, updated_at, summary, queue_key) VALUES ('setQuantity', '{}', 'r-old-1', 'queued', '2026-11-01', '2026-11-01', 'x', 'stock:1')").run();
    old.close();
    const clock = new FakeCoreClock(new TestClock());
    const open = () => openCore({ dataDir: dir, clock, credentialStore: memoryCredentialStore() });
    const core = await open();
    expect(core.db.pragma('user_version', { simple: true })).toBe(LATEST);
    await core.stop();
    const made = backupFiles(join(dir, 'backups'));
    expect(made).toEqual([expect.stringMatching(/-migration\.db$/)]);
    const b = new Database(join(dir, 'backups', made[0]!), { readonly: true });
    expect(b.pragma('user_version', { simple: true })).toBe(LATEST - 1);
    expect((b.prepare('SELECT request_id FROM outbox').get() as { request_id: string }).request_id).toBe('r-old-1');
    b.close();
    // Already current: nothing to migrate, no new backup.
    clock.advance(60_000);
    await (await open()).stop();
    expect(backupFiles(join(dir, 'backups'))).toEqual(made);
    // A new desk: nothing to back up.
    const fresh = tempDir('fresh');
    await (await openCore({ dataDir: fresh, clock, credentialStore: memoryCredentialStore() })).stop();
    expect(existsSync(join(fresh, 'backups'))).toBe(false);
  });

  it('sets a damaged mirror aside (kept, not deleted), starts with an empty one and says so', async () => {
    const dir = tempDir('damaged');
    const first = createCore({ dataDir: dir, credentialStore: memoryCredentialStore() });
    await first.stop();
    const garbage = Buffer.alloc(4096, 0x5a);
    writeFileSync(join(dir, 'mirror.db'), garbage);
    const core = createCore({ dataDir: dir, credentialStore: memoryCredentialStore(), log: silentLog });
    const list = await core.invoke('backup.list', {});
    expect(list).toMatchObject({ ok: true, result: { damagedMirror: expect.stringMatching(/^damaged-\d{8}T\d{9}Z\.db$/), backups: [] } });
    const kept = (list as { result: { damagedMirror: string } }).result.damagedMirror;
    expect(readdirSync(join(dir, 'backups'))).toContain(kept);
    expect((await core.invoke('outbox.list', {})).ok).toBe(true);
    await core.stop();
  });
});

describe('the daily backup', () => {
  it('comes a day after the newest backup, then every day, on the core’s clock', async () => {
    const clock = new FakeCoreClock(new TestClock());
    const runs: string[] = [];
    let last: Date | null = new Date(clock.now().getTime() - 20 * 3_600_000);
    const s = scheduleDaily({
      clock, log: silentLog, everyMs: 86_400_000, firstDelayMs: 600_000,
      last: async () => last,
      run: async () => {
        runs.push(clock.now().toISOString());
        last = clock.now();
      },
    });
    // The scheduler reads when the last backup was (a promise) before it sets its timer.
    await new Promise((r) => setImmediate(r));
    clock.advance(3 * 3_600_000);
    expect(runs).toEqual([]);
    clock.advance(3_600_000);
    await Promise.resolve();
    expect(runs).toEqual(['2026-11-22T13:00:00.000Z']);
    clock.advance(86_400_000);
    await new Promise((r) => setImmediate(r));
    expect(runs).toHaveLength(2);
    s.stop();
    clock.advance(2 * 86_400_000);
    expect(runs).toHaveLength(2);
  });

  it('takes one after the first delay when there is none yet, through the core', async () => {
    const s = await startTestServer();
    const dir = tempDir('daily');
    const clock = new FakeCoreClock(s.clock);
    const core = createCore({ dataDir: dir, clock, credentialStore: memoryCredentialStore(), dailyBackup: { firstDelayMs: 60_000 } });
    await core.start();
    // The scheduler first reads the backups folder (asynchronously), then sets its timer.
    await new Promise((r) => setTimeout(r, 100));
    clock.advance(59_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(join(dir, 'backups'))).toBe(false);
    clock.advance(1_000);
    await waitFor(() => existsSync(join(dir, 'backups')) && backupFiles(join(dir, 'backups')).length > 0);
    expect(backupFiles(join(dir, 'backups'))).toEqual([expect.stringMatching(/-daily\.db$/)]);
    await core.stop();
    await s.close();
  });
});
