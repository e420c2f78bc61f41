import type { BenchResult } from './types';

/** A result row, or a case that threw (then `error` is set and pass is false). */
export interface Row extends BenchResult {
  error?: string;
}

export function errorRow(name: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error);
  return {
    name,
    value: NaN,
    unit: '',
    baseline: null,
    ratio: null,
    target: '—',
    pass: false,
    error: message,
  };
}

function num(v: number): string {
  if (!Number.isFinite(v)) return '—';
  if (Math.abs(v) >= 1000) return Math.round(v).toLocaleString('en-US');
  return String(Number(v.toPrecision(4)));
}

const HEADERS = ['Name', 'Value', 'Baseline', 'Ratio', 'Target', 'Result'];

function cells(r: Row): string[] {
  const baseline =
    r.baseline === null
      ? '—'
      : `${num(r.baseline)} ${r.unit}${r.baselineLabel ? ` (${r.baselineLabel})` : ''}`;
  const result = r.error !== undefined ? 'FAIL' : r.pass === null ? '—' : r.pass ? 'PASS' : 'FAIL';
  return [
    r.name,
    r.error !== undefined ? 'threw' : `${num(r.value)} ${r.unit}`,
    baseline,
    r.ratio === null ? '—' : num(r.ratio),
    r.target,
    result,
  ];
}

function footnotes(rows: Row[]): string[] {
  return rows.flatMap((r) => [
    ...(r.error !== undefined ? [`${r.name} threw: ${r.error}`] : []),
    ...(r.notes ? [`${r.name}: ${r.notes}`] : []),
  ]);
}

/** Fixed-width table for the terminal; numbers right-aligned. */
export function textTable(rows: Row[]): string {
  const table = [HEADERS, ...rows.map(cells)];
  const widths = HEADERS.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  const right = new Set([1, 2, 3]);
  const line = (row: string[]): string =>
    row
      .map((cell, c) => (right.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [line(HEADERS), rule, ...rows.map((r) => line(cells(r))), '', ...footnotes(rows)]
    .join('\n')
    .trimEnd();
}

export function markdownTable(rows: Row[]): string {
  const escape = (s: string): string => s.replace(/\|/g, '\\|');
  const line = (row: string[]): string => `| ${row.map(escape).join(' | ')} |`;
  const notes = footnotes(rows).map((n) => `- ${n}`);
  return [
    '# Benchmark results',
    '',
    line(HEADERS),
    '| --- | ---: | ---: | ---: | --- | --- |',
    ...rows.map((r) => line(cells(r))),
    ...(notes.length ? ['', ...notes] : []),
    '',
  ].join('\n');
}

/** The stable JSON shape of bench/results/latest.json. */
export function jsonRows(rows: Row[]): object[] {
  return rows.map(({ name, value, unit, baseline, ratio, target, pass, error }) => ({
    name,
    value: Number.isFinite(value) ? value : null,
    unit,
    baseline,
    ratio,
    target,
    pass,
    ...(error !== undefined ? { error } : {}),
  }));
}
