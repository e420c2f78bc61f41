/**
 * The integrity check of a backup, off the core's thread: `PRAGMA integrity_check` reads the whole
 * file synchronously (about 0.35 s per 100 MB here), and the core must keep answering the screens
 * meanwhile. It runs in a worker thread that loads the same better-sqlite3; if a worker cannot be
 * started or cannot load it (a runtime without worker support for it), the check runs here instead.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { BackupUnreadable, inspectFile, type Inspection } from './inspect';

// Plain CommonJS for an eval'd worker: no bundler or TypeScript loader is involved.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
let db = null;
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true, ...(workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}) });
  const rows = db.pragma('integrity_check');
  parentPort.postMessage({ ok: true, problems: rows.slice(0, 3).map((r) => r.integrity_check) });
} catch (e) {
  parentPort.postMessage({ ok: false, opened: db !== null, message: String((e && e.message) || e) });
} finally {
  try { if (db) db.close(); } catch {}
}
`;

type Answer = { ok: true; problems: string[] } | { ok: false; opened: boolean; message: string };

let moduleFile: string | null = null;
const betterSqlite = () => (moduleFile ??= createRequire(import.meta.url).resolve('better-sqlite3'));

function inWorker(file: string, nativeBinding?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, { eval: true, workerData: { file, nativeBinding, module: betterSqlite() } });
    let answered = false;
    w.once('message', (m: Answer) => {
      answered = true;
      resolve(m);
    });
    w.once('error', reject);
    w.once('exit', (code) => {
      if (!answered) reject(new Error(`the check's worker stopped (code ${code})`));
    });
  });
}

/** Verifies a backup (whole, a mirror) and reads what it holds; throws BackupUnreadable when it is not fit. */
export async function verifyBackup(file: string, nativeBinding?: string): Promise<Inspection> {
  const o = nativeBinding ? { nativeBinding } : {};
  let answer: Answer;
  try {
    answer = await inWorker(file, nativeBinding);
  } catch {
    return inspectFile(file, { full: true, ...o });
  }
  if (!answer.ok) throw new BackupUnreadable(answer.opened ? `it cannot be read: ${answer.message}` : `it cannot be opened as a database (${answer.message})`);
  if (answer.problems[0] !== 'ok') throw new BackupUnreadable(`its integrity check failed: ${answer.problems.join('; ')}`);
  // Whole: its version and outbox are read here (a few small reads).
  return inspectFile(file, { full: false, ...o });
}
