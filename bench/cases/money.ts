import { computeTotals, type LineInput } from '@shared/money';
import { opsPerSecond } from '../lib/measure';
import { makeResult, ratioAtLeast, type BenchCase } from '../lib/types';

const RATES = ['27', '18', '5', '0'];

/** A deterministic 200-line EUR invoice with the string inputs the API and SQLite deliver. */
function invoiceLines(count: number): LineInput[] {
  return Array.from({ length: count }, (_, i) => ({
    quantity: i % 3 === 0 ? String((i % 7) + 1) : `${(i % 13) + 1}.${String(i % 1000).padStart(3, '0')}`,
    unitPrice: `${(i * 37) % 5000}.${String((i * 53) % 100).padStart(2, '0')}`,
    discountPercent: i % 4 === 0 ? String(i % 30) : '0',
    vatRate: RATES[i % RATES.length]!,
  }));
}

export const moneyTotals: BenchCase = {
  name: 'money.totals',
  description: 'computeTotals over a 200-line EUR invoice with fx, against a bare exact BigInt computation of the same figures',
  async run(ctx) {
    const lines = invoiceLines(200);
    // The baseline is the cheapest exact computation of the same figures: scaled BigInt with half-away
    // rounding and per-rate grouping, inputs pre-parsed, no validation. Exactness is not negotiable, so
    // a float loop would measure nothing useful. big.js costs ~10x this (profiled: its own stringify,
    // plus, times dominate); ratio 0.05 guards against regressions beyond that.
    const SCALE = 10n ** 6n;
    const parse = (v: string | number | undefined) => {
      const [i = '0', f = ''] = String(v ?? 0).split('.');
      return BigInt(i) * SCALE + BigInt((f + '000000').slice(0, 6)) * (i.startsWith('-') ? -1n : 1n);
    };
    const pre = lines.map((l) => [parse(l.quantity), parse(l.unitPrice), parse(l.discountPercent), parse(l.vatRate)] as const);
    // Rounds a value scaled by 10^k to cents, half away from zero.
    const toCents = (v: bigint, k: bigint) => {
      const d = 10n ** (k - 2n);
      const q = v / d;
      const r = v % d;
      return 2n * (r < 0n ? -r : r) >= d ? q + (v < 0n ? -1n : 1n) : q;
    };
    const exactReference = () => {
      const byRate = new Map<bigint, [bigint, bigint]>();
      for (const [q, p, disc, rate] of pre) {
        const net = toCents(q * p * (100n * SCALE - disc), 20n); // scale 6+6+6, /100 → 10^20
        const vat = toCents(net * rate, 10n); // cents × rate(10^6) / 100 → 10^10
        const row = byRate.get(rate) ?? [0n, 0n];
        row[0] += net;
        row[1] += vat;
        byRate.set(rate, row);
      }
      return byRate;
    };
    ctx.log('money.totals: exact BigInt reference');
    const baseline = opsPerSecond(exactReference, { minMs: ctx.minMs });
    ctx.log('money.totals: computeTotals');
    const value = opsPerSecond(() => computeTotals(lines, 'EUR', '395.5'), { minMs: ctx.minMs });
    return makeResult(
      {
        name: 'money.totals',
        value,
        unit: 'ops/s',
        baseline,
        baselineLabel: 'bare BigInt reference',
        notes: `${(1e6 / value).toFixed(0)} µs per invoice, ${(1e9 / value / lines.length).toFixed(0)} ns per line`,
      },
      ratioAtLeast(0.05),
    );
  },
};
