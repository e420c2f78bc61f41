/**
 * In-process CPU per request of one tree's dispatch (no HTTP, no network): the demo account, 2000
 * products, 8 concurrent callers of the same body for `seconds`, then process.cpuUsage() per request,
 * main thread and pool alike. Bundled and run by dispatchCpu.ts; prints one JSON line.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { defaultConfig } from '@server/config';
import { dispatch, type DispatchDeps } from '@server/http/dispatch';
// Written next to the bundle's source by dispatchCpu.ts: the raw connection (trees before the async
// repositories) or its store (later ones).
import { groupCommitOf, storeOf } from './storeOf';

async function main(): Promise<void> {
  const [kind = 'setQuantity', seconds = '4'] = process.argv.slice(2);
  const dir = mkdtempSync(join(tmpdir(), 'sd-dispatch-'));
  const db = openServerDb(join(dir, 'server.db'));
  const { account, keys } = await seedDemo(db, systemClock);
  // X_PRAGMA='name value': the same tree with one more pragma on its connection.
  if (process.env.X_PRAGMA) db.pragma(process.env.X_PRAGMA.replace(' ', ' = '));
  // X_DROP_INDEX=a,b: the same tree without those indexes, to price each index a write maintains.
  for (const name of (process.env.X_DROP_INDEX ?? '').split(',').filter(Boolean)) db.exec(`DROP INDEX IF EXISTS ${name}`);
  if (process.env.X_DROP_FEED) for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'feed_%'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name}`);
  // X_EXEC='SQL;SQL': the same tree with more schema (e.g. a trigger that skips a table's inserts:
  // CREATE TRIGGER x BEFORE INSERT ON audit_log BEGIN SELECT RAISE(IGNORE); END).
  if (process.env.X_EXEC) db.exec(process.env.X_EXEC);
  const deps = { db: storeOf(db), clock: systemClock, config: defaultConfig({ dbPath: join(dir, 'server.db') }), log: pino({ level: 'silent' }), services: { kickMail: () => {} } } as unknown as DispatchDeps;
  const body = Buffer.from(kind === 'getQuantity'
    ? JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } })
    : JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: account.supplierContactId, warehouse: 'Default', stock_label: 'A-01' } }));
  const burst = async (ms: number) => {
    let n = 0;
    const end = Date.now() + ms;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        const out = await dispatch(deps, 'product', body, 'application/json');
        if ((out as { status: number }).status !== 200) throw new Error(`HTTP ${(out as { status: number }).status}: ${String((out as { body?: unknown }).body)}`);
        n++;
      }
    }));
    return n;
  };
  // X_TIME_SQL=1: also the wall time spent inside better-sqlite3's statement calls per request
  // (synchronous native work: SQLite's own CPU and its write calls), so JS = total − this;
  // X_TIME_SQL=2 also prints it statement by statement (to stderr, each round).
  let sqlNs = 0n;
  const bySql = new Map<string, bigint>();
  if (process.env.X_TIME_SQL) {
    const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...a: unknown[]) => unknown>;
    for (const m of ['run', 'get', 'all']) {
      const orig = proto[m]!;
      proto[m] = function (this: unknown, ...a: unknown[]) {
        const t = process.hrtime.bigint();
        try { return orig.apply(this, a); } finally { const d = process.hrtime.bigint() - t; sqlNs += d; const k = (this as { source: string }).source.slice(0, 60); bySql.set(k, (bySql.get(k) ?? 0n) + d); }
      };
    }
  }
  await burst(1500);
  // The process's write calls and bytes (WAL frames, checkpoints): /proc/self/io.
  const io = () => Object.fromEntries(readFileSync('/proc/self/io', 'utf8').trim().split('\n').map((l) => { const [k, v] = l.split(': '); return [k!, Number(v)]; }));
  const stats = groupCommitOf(db).stats;
  const [b0, w0, io0] = [stats.batches, stats.writes, io()];
  const s0 = sqlNs;
  bySql.clear();
  const c0 = process.cpuUsage();
  const n = await burst(Number(seconds) * 1000);
  const c = process.cpuUsage(c0);
  const io1 = io();
  console.log(JSON.stringify({
    kind, n, sqlUs: Number(sqlNs - s0) / 1000 / n, usPerReq: (c.user + c.system) / n, userUs: c.user / n, systemUs: c.system / n,
    perCommit: (stats.writes - w0) / Math.max(1, stats.batches - b0), writeCalls: (io1.syscw! - io0.syscw!) / n, writeKiB: (io1.wchar! - io0.wchar!) / 1024 / n,
  }));
  if (process.env.X_TIME_SQL === '2') for (const [k, v] of [...bySql].sort((x, y) => Number(y[1] - x[1]))) console.error((Number(v) / 1000 / n).toFixed(2).padStart(7), k);
  db.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
