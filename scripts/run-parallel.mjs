#!/usr/bin/env node
/**
 * Runs npm scripts at the same time and fails if any fails: `node scripts/run-parallel.mjs test:unit test:pg`.
 *
 * Why: on a 2-core machine vitest runs one test file at a time (its default is cores − 1 workers), and
 * most of a server or desk test's time is spent waiting (on child servers, PostgreSQL, timers of the
 * fault-injecting proxies), so the SQLite and the PostgreSQL passes overlap well. The end-to-end suite
 * stays on its own after them: Chromium wants the machine.
 *
 * Each line of output is prefixed with its script's name, so interleaved output stays readable; a
 * summary with each script's exit code and time closes the run.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const width = Math.max(...scripts.map((s) => s.length));
const children = [];

function run(script) {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  children.push(child);
  const tag = `[${script.padEnd(width)}] `;
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => out.write(tag + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('error', (e) => resolve({ script, code: 1, error: e.message, seconds: (Date.now() - started) / 1000 }));
    child.on('close', (code, signal) => resolve({ script, code: code ?? 1, signal, seconds: (Date.now() - started) / 1000 }));
  });
}

// An interrupted run stops its children too.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
    process.exit(1);
  });
}

const results = await Promise.all(scripts.map(run));
console.log('\nparallel run:');
for (const r of results) {
  const how = r.code === 0 ? 'passed' : `FAILED (exit ${r.code}${r.signal ? `, ${r.signal}` : ''}${r.error ? `, ${r.error}` : ''})`;
  console.log(`  ${r.script.padEnd(width)}  ${how} in ${r.seconds.toFixed(0)} s`);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
