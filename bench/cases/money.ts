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
  description: 'computeTotals over a 200-line EUR invoice with fx, against the same sums in bare floats',
  async run(ctx) {
    const lines = invoiceLines(200);
    // The cheapest possible computation of the same figures: bare floats in a flat array, no rounding,
    // no grouping, no validation.
    const floats = Float64Array.from(
      lines.flatMap((l) => [l.quantity, l.unitPrice, l.discountPercent ?? 0, l.vatRate].map(Number)),
    );
    const floatSum = (): number => {
      let net = 0;
      let vat = 0;
      for (let i = 0; i < floats.length; i += 4) {
        const n = (floats[i]! * floats[i + 1]! * (100 - floats[i + 2]!)) / 100;
        net += n;
        vat += (n * floats[i + 3]!) / 100;
      }
      return net + vat;
    };
    ctx.log('money.totals: float baseline');
    const baseline = opsPerSecond(floatSum, { minMs: ctx.minMs });
    ctx.log('money.totals: computeTotals');
    const value = opsPerSecond(() => computeTotals(lines, 'EUR', '395.5'), { minMs: ctx.minMs });
    return makeResult(
      {
        name: 'money.totals',
        value,
        unit: 'ops/s',
        baseline,
        baselineLabel: 'float loop',
        notes: `${(1e6 / value).toFixed(0)} µs per invoice, ${(1e9 / value / lines.length).toFixed(0)} ns per line`,
      },
      ratioAtLeast(0.02),
    );
  },
};
