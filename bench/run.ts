/**
 * `npm run bench` runs every case; `npm run bench -- money.totals other` or a prefix (`money.`) runs
 * the matching ones. Prints a table and writes bench/results/latest.{json,md}. Exit code 1 only when a
 * case threw: a missed target is a finding to report, not a broken run.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cases } from './cases/index';
import { errorRow, jsonRows, markdownTable, textTable, type Row } from './lib/report';
import type { BenchContext } from './lib/types';

const filters = process.argv.slice(2).filter((a) => a !== '--' && a !== '');
const matches = (name: string, filter: string): boolean => name === filter || name.startsWith(filter);

const unmatched = filters.filter((f) => !cases.some((c) => matches(c.name, f)));
if (unmatched.length > 0) {
  console.error(`bench: no case matches ${unmatched.map((f) => JSON.stringify(f)).join(', ')}`);
  console.error(`bench: cases are ${cases.map((c) => c.name).join(', ')}`);
  process.exit(2);
}

const selected = filters.length === 0 ? cases : cases.filter((c) => filters.some((f) => matches(c.name, f)));
const minMs = Number(process.env.BENCH_MIN_MS ?? 1000);
const ctx: BenchContext = {
  minMs: Number.isFinite(minMs) && minMs > 0 ? minMs : 1000,
  log: (message) => console.error(`  ${message}`),
};

const rows: Row[] = [];
let threw = false;
for (const c of selected) {
  console.error(`bench: ${c.name} — ${c.description}`);
  try {
    rows.push(...[await c.run(ctx)].flat());
  } catch (error) {
    threw = true;
    rows.push(errorRow(c.name, error));
  }
}

console.log(textTable(rows));
const dir = new URL('./results/', import.meta.url);
await mkdir(dir, { recursive: true });
await writeFile(new URL('latest.json', dir), `${JSON.stringify(jsonRows(rows), null, 2)}\n`);
await writeFile(new URL('latest.md', dir), markdownTable(rows));
console.error('bench: wrote bench/results/latest.json and bench/results/latest.md');
process.exitCode = threw ? 1 : 0;
