/** What the runner hands every case. */
export interface BenchContext {
  /** How long a timed loop should run at least, in ms (BENCH_MIN_MS, default 1000). */
  minMs: number;
  /** Progress line on stderr, so it never mixes with the result table. */
  log(message: string): void;
}

export interface BenchCase {
  /** Dotted and unique, e.g. "money.totals"; `npm run bench -- money.` selects by prefix. */
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchResult | BenchResult[]>;
}

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  /** What the baseline is, e.g. "float loop". */
  baselineLabel?: string;
  /** value / baseline, or null without a baseline. */
  ratio: number | null;
  /** Human-readable, e.g. "ratio ≥ 0.02" or "≤ 1000 ms"; "—" when there is none. */
  target: string;
  /** null when there is no target to check. */
  pass: boolean | null;
  notes?: string;
}

/** A target: its printed label and the check of a measured value (and ratio). */
export interface Target {
  label: string;
  check(value: number, ratio: number | null): boolean | null;
}

export const noTarget: Target = { label: '—', check: () => null };

export function ratioAtLeast(min: number): Target {
  return { label: `ratio ≥ ${min}`, check: (_, ratio) => (ratio === null ? null : ratio >= min) };
}

export function ratioAtMost(max: number): Target {
  return { label: `ratio ≤ ${max}`, check: (_, ratio) => (ratio === null ? null : ratio <= max) };
}

export function atLeast(min: number, unit: string): Target {
  return { label: `≥ ${min} ${unit}`, check: (value) => value >= min };
}

export function atMost(max: number, unit: string): Target {
  return { label: `≤ ${max} ${unit}`, check: (value) => value <= max };
}

export interface Measured {
  name: string;
  value: number;
  unit: string;
  baseline?: number | null;
  baselineLabel?: string;
  notes?: string;
}

/** Builds a result: ratio = value / baseline (null without a usable baseline), pass from the target. */
export function makeResult(measured: Measured, target: Target = noTarget): BenchResult {
  const baseline = measured.baseline ?? null;
  const ratio = baseline === null || baseline === 0 ? null : measured.value / baseline;
  return { ...measured, baseline, ratio, target: target.label, pass: target.check(measured.value, ratio) };
}
