#!/usr/bin/env node
/**
 * `npm test`: the type check and lint side by side, then the four test passes — the unit and
 * integration suite on SQLite, the server and core suites on PostgreSQL, the end-to-end suite in
 * Chromium against a server on SQLite, then on PostgreSQL — one after another, or side by side on a
 * machine with 4 or more cores.
 *
 * Measured on the 2-core CI machine (session 12): side by side, the three passes held a load average of
 * 7.5, each ran 2–3 times slower than alone (the SQLite pass had done 75 of 155 files after 900 s; alone
 * it takes 645 s for all), so the whole took about as long as one after another, and timing-bound tests
 * (a replay confirmed within 20 s, a restart within 4 s) failed that pass alone. The passes are CPU-bound
 * here, not waiting. They share nothing on disk (every test makes its own temp folder, port and
 * PostgreSQL database, named by process id; the end-to-end suite builds its renderer in a folder of its
 * own), so where there are cores to spare they run at once.
 *
 * Each step writes to a log of its own, printed whole when it ends, so one failure reads as one block;
 * what is still running is told every two minutes. Every pass runs to its end, whatever the others do;
 * the exit code is non-zero when any step failed. `STOCKDESK_TEST_PARALLEL=1` or `=0` overrides the
 * choice. Side by side, the unit passes run at a lower CPU priority than the end-to-end pass.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

// The steps are package.json's own scripts, so each is declared once and can be run alone.
const checks = [{ name: 'typecheck', script: 'typecheck' }, { name: 'lint', script: 'lint' }];
const passes = [
  { name: 'SQLite', script: 'test:unit', nice: true },
  { name: 'PostgreSQL', script: 'test:pg', nice: true },
  { name: 'e2e (Chromium)', script: 'test:e2e' },
  // The same screens against a server on PostgreSQL: what a clerk sees must not depend on the engine.
  { name: 'e2e on PostgreSQL', script: 'test:e2e:pg' },
];

const wanted = process.env.STOCKDESK_TEST_PARALLEL;
const serial = wanted === '0' || (wanted !== '1' && availableParallelism() < 4);
const logs = mkdtempSync(join(tmpdir(), 'stockdesk-test-'));
const t0 = Date.now();
const secs = (ms) => `${Math.round(ms / 1000)} s`;
/** What is still running, told every two minutes: a pass's output comes only at its end. */
const running = new Map();
const heartbeat = setInterval(() => {
  const now = Date.now();
  process.stdout.write(`test: still running after ${secs(now - t0)}: ${[...running].map(([n, at]) => `${n} (${secs(now - at)})`).join(', ')}\n`);
}, 120_000);

/** Runs one step to its end; its output goes to a log, printed whole afterwards. */
function run(step) {
  const base = join(logs, step.name.replace(/\W+/g, '_'));
  const log = `${base}.log`;
  // Where a failed end-to-end test writes what its desks were doing (test/e2e/diagnostics.ts).
  const notes = `${base}.notes`;
  const started = Date.now();
  const npm = ['npm', 'run', '--silent', step.script];
  const nice = step.nice && !serial;
  const out = createWriteStream(log);
  running.set(step.name, started);
  return new Promise((resolve) => {
    const child = spawn(nice ? 'nice' : npm[0], nice ? ['-n', '5', ...npm] : npm.slice(1), { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, STOCKDESK_FAILURE_NOTES: notes } });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const ms = Date.now() - started;
        running.delete(step.name);
        process.stdout.write(`\n===== ${step.name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs(ms)} =====\n`);
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve({ name: step.name, ok: code === 0, ms, failures: code === 0 ? '' : failuresOf(log, notes) });
      });
    });
  });
}

// Colour codes: vitest writes them even into a pipe when CI is set.
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * A failed pass in a few lines, for the summary at the very end (a CI page often shows only the last
 * lines): the failed tests' names, and what their desks were doing.
 */
function failuresOf(log, notes) {
  const failed = [...new Set(readFileSync(log, 'utf8').replace(ANSI, '').split('\n').filter((l) => /^\s*FAIL\s/.test(l)).map((l) => l.trim()))];
  const desks = existsSync(notes) ? readFileSync(notes, 'utf8').trimEnd() : '';
  return [...failed.slice(0, 10), ...(desks ? [desks] : [])].join('\n');
}

async function inTurn(steps) {
  const results = [];
  for (const s of steps) results.push(await run(s));
  return results;
}

const all = [];
all.push(...(await Promise.all(checks.map(run))));
if (all.every((r) => r.ok)) {
  process.stdout.write(`\ntest: ${passes.map((p) => p.name).join(', ')} ${serial ? 'one after another' : 'side by side'}\n`);
  all.push(...(serial ? await inTurn(passes) : await Promise.all(passes.map(run))));
}
clearInterval(heartbeat);
rmSync(logs, { recursive: true, force: true });
process.stdout.write(`\n===== summary (${secs(Date.now() - t0)} in all) =====\n`);
for (const r of all) process.stdout.write(`${r.ok ? 'ok    ' : 'FAILED'}  ${r.name.padEnd(16)} ${secs(r.ms)}\n`);
// Last, so that a page showing only the end of the output still says what failed and why.
for (const r of all.filter((x) => x.failures)) process.stdout.write(`\n===== what failed in ${r.name} =====\n${r.failures}\n`);
process.exit(all.every((r) => r.ok) ? 0 : 1);
