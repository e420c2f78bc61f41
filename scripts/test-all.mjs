#!/usr/bin/env node
/**
 * `npm test`: the type check and lint, then the three test passes — the unit and integration suite on
 * SQLite, the server and core suites on PostgreSQL, the end-to-end suite in Chromium — side by side.
 *
 * Why side by side: each Vitest pass runs one test file at a time on a 2-core machine (Vitest's default
 * is one worker per core but one), and much of every pass is waiting (HTTP, PostgreSQL, Chromium), so
 * one after another the machine idles about half the time and CI took 37 minutes (session 11). The
 * passes share nothing on disk: every test makes its own temp folder, port and PostgreSQL database
 * (named by process id), and the end-to-end suite builds its renderer in a folder of its own.
 *
 * Each pass writes to a log of its own, printed whole when the pass ends, so one failure reads as one
 * block. Every pass runs to its end, whatever the others do; the exit code is non-zero when any failed.
 * `STOCKDESK_TEST_SERIAL=1` runs the passes one after another (a loaded machine, or to time them).
 * The unit passes run at a lower CPU priority than the end-to-end pass, whose waits are on screens.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The steps are package.json's own scripts, so each is declared once and can be run alone.
const checks = [{ name: 'typecheck', script: 'typecheck' }, { name: 'lint', script: 'lint' }];
const passes = [
  { name: 'e2e (Chromium)', script: 'test:e2e' },
  { name: 'SQLite', script: 'test:unit', nice: true },
  { name: 'PostgreSQL', script: 'test:pg', nice: true },
];

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
  const log = join(logs, `${step.name.replace(/\W+/g, '_')}.log`);
  const started = Date.now();
  const npm = ['npm', 'run', '--silent', step.script];
  const out = createWriteStream(log);
  running.set(step.name, started);
  return new Promise((resolve) => {
    const child = spawn(step.nice ? 'nice' : npm[0], step.nice ? ['-n', '5', ...npm] : npm.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const ms = Date.now() - started;
        running.delete(step.name);
        process.stdout.write(`\n===== ${step.name}: ${code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs(ms)} =====\n`);
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve({ name: step.name, ok: code === 0, ms });
      });
    });
  });
}

async function inTurn(steps) {
  const results = [];
  for (const s of steps) results.push(await run(s));
  return results;
}

const serial = process.env.STOCKDESK_TEST_SERIAL === '1';
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
process.exit(all.every((r) => r.ok) ? 0 : 1);
