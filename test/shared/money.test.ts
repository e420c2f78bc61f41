import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  MoneyError,
  addMoney,
  compareMoney,
  computeLine,
  computeTotals,
  currencyDecimals,
  fromMinorUnits,
  roundMoney,
  subMoney,
  sumMoney,
  toMinorUnits,
  toNumber,
  type DocumentTotals,
  type LineInput,
} from '@shared/money';

// Worked by hand; every summary/total is the sum of the rounded lines above it.
const hufLines: LineInput[] = [
  // 3 × 1234 = 3702, −10% = 3331.8 → 3332; VAT 27%: 899.64 → 900; gross 4232
  { quantity: 3, unitPrice: 1234, discountPercent: 10, vatRate: 27 },
  // 2 × 450 = 900; VAT 18%: 162; gross 1062
  { quantity: '2', unitPrice: '450', vatRate: '18' },
  // 1.5 × 999 = 1498.5, −5% = 1423.575 → 1424; VAT 5%: 71.2 → 71; gross 1495
  { quantity: '1.5', unitPrice: '999', discountPercent: '5', vatRate: '5' },
  // 7 × 333 = 2331; VAT 0%: 0; gross 2331
  { quantity: 7, unitPrice: 333, discountPercent: 0, vatRate: 0 },
  // 1 × 5000, −25% = 3750; VAT 27%: 1012.5 → 1013 (half away from zero); gross 4763
  { quantity: 1, unitPrice: 5000, discountPercent: 25, vatRate: '27.0' },
  // 10 × 12.5 = 125; VAT 18%: 22.5 → 23; gross 148
  { quantity: 10, unitPrice: 12.5, vatRate: 18 },
];

const hufExpected: DocumentTotals = {
  lines: [
    { net: '3332', vat: '900', gross: '4232' },
    { net: '900', vat: '162', gross: '1062' },
    { net: '1424', vat: '71', gross: '1495' },
    { net: '2331', vat: '0', gross: '2331' },
    { net: '3750', vat: '1013', gross: '4763' },
    { net: '125', vat: '23', gross: '148' },
  ],
  vatSummary: [
    // 27: 3332 + 3750 = 7082; 900 + 1013 = 1913; 4232 + 4763 = 8995
    { vatRate: '27', net: '7082', vat: '1913', gross: '8995' },
    // 18: 900 + 125 = 1025; 162 + 23 = 185; 1062 + 148 = 1210
    { vatRate: '18', net: '1025', vat: '185', gross: '1210' },
    { vatRate: '5', net: '1424', vat: '71', gross: '1495' },
    { vatRate: '0', net: '2331', vat: '0', gross: '2331' },
  ],
  // 7082 + 1025 + 1424 + 2331 = 11862; 1913 + 185 + 71 + 0 = 2169; 14031
  totals: { net: '11862', vat: '2169', gross: '14031' },
};

const FX = '395.5';
const eurLines: LineInput[] = [
  // 4 × 19.99 = 79.96; VAT 27%: 21.5892 → 21.59; gross 101.55
  // HUF: 79.96 × 395.5 = 31624.18 → 31624; 21.59 × 395.5 = 8538.845 → 8539
  { quantity: 4, unitPrice: 19.99, vatRate: 27 },
  // 2.5 × 12.34 = 30.85, −15% = 26.2225 → 26.22; VAT 18%: 4.7196 → 4.72; gross 30.94
  // HUF: 26.22 × 395.5 = 10370.01 → 10370; 4.72 × 395.5 = 1866.76 → 1867
  { quantity: '2.5', unitPrice: '12.34', discountPercent: '15', vatRate: '18' },
  // 0.99; VAT 5%: 0.0495 → 0.05; gross 1.04
  // HUF: 0.99 × 395.5 = 391.545 → 392; 0.05 × 395.5 = 19.775 → 20
  { quantity: 1, unitPrice: '0.99', vatRate: 5 },
  // 3 × 10 = 30.00; VAT 27%: 8.10; gross 38.10
  // HUF: 30 × 395.5 = 11865; 8.10 × 395.5 = 3203.55 → 3204
  { quantity: 3, unitPrice: 10, vatRate: 27 },
];

const eurExpected: DocumentTotals = {
  lines: [
    { net: '79.96', vat: '21.59', gross: '101.55', netHuf: '31624', vatHuf: '8539' },
    { net: '26.22', vat: '4.72', gross: '30.94', netHuf: '10370', vatHuf: '1867' },
    { net: '0.99', vat: '0.05', gross: '1.04', netHuf: '392', vatHuf: '20' },
    { net: '30.00', vat: '8.10', gross: '38.10', netHuf: '11865', vatHuf: '3204' },
  ],
  vatSummary: [
    // 79.96 + 30.00; 21.59 + 8.10; 101.55 + 38.10; 31624 + 11865; 8539 + 3204
    { vatRate: '27', net: '109.96', vat: '29.69', gross: '139.65', netHuf: '43489', vatHuf: '11743' },
    { vatRate: '18', net: '26.22', vat: '4.72', gross: '30.94', netHuf: '10370', vatHuf: '1867' },
    { vatRate: '5', net: '0.99', vat: '0.05', gross: '1.04', netHuf: '392', vatHuf: '20' },
  ],
  // vatHuf 11743 + 1867 + 20 = 13630, although 34.46 × 395.5 = 13628.93 would round to 13629:
  // HUF totals are sums of the line HUF values, as decided.
  totals: {
    net: '137.17',
    vat: '34.46',
    gross: '171.63',
    netHuf: '54251',
    vatHuf: '13630',
    grossHuf: '67881',
  },
};

describe('worked invoices', () => {
  it('HUF invoice with VAT 27/18/5/0 and discounts', () => {
    expect(computeTotals(hufLines, 'HUF')).toEqual(hufExpected);
    expect(computeLine(hufLines[0]!, 'HUF')).toEqual({ net: '3332', vat: '900', gross: '4232' });
  });

  it('HUF invoice has no HUF fields at all, and accepts fxRate 1', () => {
    const doc = computeTotals(hufLines, 'HUF', '1');
    expect(doc).toEqual(hufExpected);
    for (const obj of [...doc.lines, ...doc.vatSummary, doc.totals]) {
      expect(Object.keys(obj).filter((k) => k.endsWith('Huf'))).toEqual([]);
    }
  });

  it('EUR invoice at 395.5 HUF/EUR with HUF values per line, per rate and in total', () => {
    expect(computeTotals(eurLines, 'EUR', FX)).toEqual(eurExpected);
    expect(computeTotals(eurLines, 'EUR', 395.5)).toEqual(eurExpected);
    expect(computeLine(eurLines[1]!, 'EUR', FX)).toEqual(eurExpected.lines[1]);
  });

  it('foreign currency without an fx rate omits the HUF fields', () => {
    const doc = computeTotals(eurLines, 'EUR');
    expect(doc.lines[0]).toEqual({ net: '79.96', vat: '21.59', gross: '101.55' });
    expect(doc.vatSummary[0]).toEqual({ vatRate: '27', net: '109.96', vat: '29.69', gross: '139.65' });
    expect(doc.totals).toEqual({ net: '137.17', vat: '34.46', gross: '171.63' });
  });

  it('USD, GBP and unknown codes use 2 decimals; HUF 0', () => {
    expect(computeLine({ quantity: 1, unitPrice: 5, vatRate: 0 }, 'USD').net).toBe('5.00');
    expect(computeLine({ quantity: 1, unitPrice: 5, vatRate: 0 }, 'GBP').net).toBe('5.00');
    expect(computeLine({ quantity: 1, unitPrice: 5, vatRate: 0 }, 'CHF').net).toBe('5.00');
    expect(computeLine({ quantity: 1, unitPrice: 5, vatRate: 0 }, 'HUF').net).toBe('5');
    expect(['HUF', 'EUR', 'USD', 'GBP', 'XYZ'].map(currencyDecimals)).toEqual([0, 2, 2, 2, 2]);
  });

  it('groups rates numerically and orders them highest first', () => {
    const doc = computeTotals(
      [
        { quantity: 1, unitPrice: 1, vatRate: '5' },
        { quantity: 1, unitPrice: 2, vatRate: '27.000' },
        { quantity: 1, unitPrice: 4, vatRate: '5.5' },
        { quantity: 1, unitPrice: 8, vatRate: 27 },
        { quantity: 1, unitPrice: 16, vatRate: '0.0' },
      ],
      'EUR',
    );
    expect(doc.vatSummary.map((r) => [r.vatRate, r.net])).toEqual([
      ['27', '10.00'],
      ['5.5', '4.00'],
      ['5', '1.00'],
      ['0', '16.00'],
    ]);
  });

  it('an empty document totals to zero', () => {
    expect(computeTotals([], 'EUR', FX)).toEqual({
      lines: [],
      vatSummary: [],
      totals: { net: '0.00', vat: '0.00', gross: '0.00', netHuf: '0', vatHuf: '0', grossHuf: '0' },
    });
  });

  it('is not affected by another module changing the global Big settings', () => {
    const { DP, RM } = Big;
    try {
      Big.DP = 0;
      Big.RM = Big.roundDown;
      expect(computeTotals(eurLines, 'EUR', FX)).toEqual(eurExpected);
    } finally {
      Big.DP = DP;
      Big.RM = RM;
    }
  });
});

describe('rounding', () => {
  it('rounds half away from zero', () => {
    expect(roundMoney('0.005', 'EUR')).toBe('0.01');
    expect(roundMoney('-0.005', 'EUR')).toBe('-0.01');
    expect(roundMoney('0.00499999', 'EUR')).toBe('0.00');
    expect(roundMoney(2.5, 'HUF')).toBe('3');
    expect(roundMoney(-2.5, 'HUF')).toBe('-3');
    expect(roundMoney('3.5', 'HUF')).toBe('4'); // not banker's rounding (which gives 4 here but 2 for 2.5)
    expect(roundMoney('12700', 'HUF')).toBe('12700');
    expect(roundMoney('99.9', 'EUR')).toBe('99.90');
  });

  it('never prints negative zero', () => {
    expect(roundMoney('-0.004', 'EUR')).toBe('0.00');
    expect(roundMoney('-0.4', 'HUF')).toBe('0');
    expect(roundMoney('-0', 'EUR')).toBe('0.00');
    expect(computeLine({ quantity: '-0.001', unitPrice: 1, vatRate: 27 }, 'EUR')).toEqual({
      net: '0.00',
      vat: '0.00',
      gross: '0.00',
    });
    expect(subMoney('1.00', '1', 'EUR')).toBe('0.00');
    expect(toMinorUnits('-0.00')).toBe(0);
    expect(Object.is(toMinorUnits('-0.00'), -0)).toBe(false);
  });

  it('reads numbers by their shortest decimal form, not their binary value', () => {
    // (1.005).toFixed(2) === '1.00' because the double is 1.00499999999999989...
    expect(roundMoney(1.005, 'EUR')).toBe('1.01');
    expect(computeLine({ quantity: 3, unitPrice: 0.1, vatRate: 0 }, 'EUR').net).toBe('0.30');
    expect(addMoney(0.1, 0.2, 'EUR')).toBe('0.30'); // 0.1 + 0.2 === 0.30000000000000004 in floats
    expect(sumMoney([0.1, 0.2, 0.3, -0.6], 'EUR')).toBe('0.00');
    expect(computeLine({ quantity: 1, unitPrice: 19.99, vatRate: 0 }, 'EUR').net).toBe('19.99');
  });

  it('rejects a float artefact where an exact input is required', () => {
    expect(() => computeLine({ quantity: 0.1 + 0.2, unitPrice: 1, vatRate: 0 }, 'EUR')).toThrow(
      'quantity may have at most 6 decimal places, got 0.30000000000000004',
    );
  });
});

function negate(amount: string): string {
  if (/^0(\.0+)?$/.test(amount)) return amount;
  return amount.startsWith('-') ? amount.slice(1) : `-${amount}`;
}

function negateAll<T extends object>(obj: T): T {
  return Object.fromEntries(
    Object.entries(obj).map(([k, v]) => [k, k === 'vatRate' || typeof v !== 'string' ? v : negate(v)]),
  ) as T;
}

describe('storno', () => {
  const cases: Array<[string, LineInput[], string, string | undefined]> = [
    ['HUF', hufLines, 'HUF', undefined],
    ['EUR with fx', eurLines, 'EUR', FX],
  ];
  it.each(cases)('negated quantities give exactly negated amounts (%s)', (_, lines, currency, fx) => {
    const original = computeTotals(lines, currency, fx);
    const storno = computeTotals(
      lines.map((l) => ({ ...l, quantity: negate(String(l.quantity)) })),
      currency,
      fx,
    );
    expect(storno).toEqual({
      lines: original.lines.map(negateAll),
      vatSummary: original.vatSummary.map(negateAll),
      totals: negateAll(original.totals),
    });
    // half-away-from-zero is symmetric, so a half case negates too: −0.005 → −0.01
    expect(computeLine({ quantity: -1, unitPrice: '0.005', vatRate: 0 }, 'EUR').net).toBe('-0.01');
  });
});

describe('property: 2000 random lines against a BigInt reference', () => {
  // mulberry32: small, deterministic, good enough to spread inputs.
  function prng(seed: number): () => number {
    let a = seed >>> 0;
    return () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** n / d rounded half away from zero, d > 0. */
  function roundDiv(n: bigint, d: bigint): bigint {
    const neg = n < 0n;
    const a = neg ? -n : n;
    let q = a / d;
    if ((a % d) * 2n >= d) q += 1n;
    return neg ? -q : q;
  }

  /** Integer count of 10^-scale units → decimal string with exactly `scale` places. */
  function fmt(units: bigint, scale: number): string {
    const neg = units < 0n;
    const digits = (neg ? -units : units).toString().padStart(scale + 1, '0');
    const s = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
    return neg ? `-${s}` : s;
  }

  /** Micro-units (scale 6) → shortest decimal string: 1500000n → "1.5". */
  function micro(v: bigint): string {
    return fmt(v, 6).replace(/\.?0+$/, '');
  }

  const E6 = 1_000_000n;
  const RATES = [27n, 18n, 5n, 0n];
  const FX_MICRO = 395_512_300n; // 395.5123 HUF per unit
  const random = prng(20240611);
  const int = (max: number): bigint => BigInt(Math.floor(random() * (max + 1)));

  interface Ref {
    q: bigint;
    p: bigint;
    d: bigint;
    r: bigint; // all micro-units
    input: LineInput;
  }
  const lines: Ref[] = Array.from({ length: 2000 }, () => {
    const q = (random() < 0.15 ? -1n : 1n) * (random() < 0.5 ? int(100) * E6 : int(1_000_000_000));
    const p = random() < 0.5 ? int(10_000_000) * 10_000n : int(100_000_000_000);
    const d = random() < 0.5 ? 0n : random() < 0.5 ? int(100) * E6 : int(100_000_000);
    const r = random() < 0.9 ? RATES[Math.floor(random() * 4)]! * E6 : 5_500_000n;
    const asNumber = random() < 0.3;
    const input: LineInput = {
      quantity: asNumber ? Number(micro(q)) : micro(q),
      unitPrice: asNumber ? Number(micro(p)) : micro(p),
      vatRate: random() < 0.2 ? `${micro(r)}${micro(r).includes('.') ? '0' : '.0'}` : micro(r),
    };
    if (d !== 0n || random() < 0.5) input.discountPercent = micro(d);
    return { q, p, d, r, input };
  });

  function reference(dp: number, fx: bigint | null): DocumentTotals {
    const scale = 10n ** BigInt(dp);
    const rows = new Map<bigint, bigint[]>();
    const total = [0n, 0n, 0n, 0n];
    const out: DocumentTotals = { lines: [], vatSummary: [], totals: { net: '', vat: '', gross: '' } };
    for (const { q, p, d, r } of lines) {
      // net = q × p × (100 − d) / 100, with q, p, d in micro-units: divide by 10^6·10^6·10^6·100
      const net = roundDiv(q * p * (100n * E6 - d) * scale, E6 * E6 * E6 * 100n);
      const vat = roundDiv(net * r, E6 * 100n);
      const netHuf = fx === null ? 0n : roundDiv(net * fx, scale * E6);
      const vatHuf = fx === null ? 0n : roundDiv(vat * fx, scale * E6);
      const line: DocumentTotals['lines'][number] = {
        net: fmt(net, dp),
        vat: fmt(vat, dp),
        gross: fmt(net + vat, dp),
      };
      if (fx !== null) Object.assign(line, { netHuf: fmt(netHuf, 0), vatHuf: fmt(vatHuf, 0) });
      out.lines.push(line);
      const row = rows.get(r) ?? [0n, 0n, 0n, 0n];
      rows.set(r, row);
      [net, vat, netHuf, vatHuf].forEach((v, i) => {
        row[i]! += v;
        total[i]! += v;
      });
    }
    const amounts = ([net, vat, netHuf, vatHuf]: bigint[]) => ({
      net: fmt(net!, dp),
      vat: fmt(vat!, dp),
      gross: fmt(net! + vat!, dp),
      ...(fx === null ? {} : { netHuf: fmt(netHuf!, 0), vatHuf: fmt(vatHuf!, 0) }),
    });
    out.vatSummary = [...rows.entries()]
      .sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0))
      .map(([r, sums]) => ({ vatRate: micro(r), ...amounts(sums) }));
    out.totals = amounts(total);
    if (fx !== null) out.totals.grossHuf = fmt(total[2]! + total[3]!, 0);
    return out;
  }

  it('generates the variety it claims to', () => {
    expect(lines.some((l) => l.q < 0n)).toBe(true);
    expect(lines.some((l) => l.d === 100n * E6)).toBe(true);
    expect(lines.some((l) => typeof l.input.quantity === 'number')).toBe(true);
    expect(new Set(lines.map((l) => l.r)).size).toBe(5);
  });

  it('EUR with fx, in hundredths', () => {
    const inputs = lines.map((l) => l.input);
    expect(computeTotals(inputs, 'EUR', micro(FX_MICRO))).toEqual(reference(2, FX_MICRO));
  });

  it('HUF, in whole forints', () => {
    expect(
      computeTotals(
        lines.map((l) => l.input),
        'HUF',
      ),
    ).toEqual(reference(0, null));
  });
});

describe('balances and storage helpers', () => {
  it('adds, subtracts, sums and compares', () => {
    expect(addMoney('99.90', '0.10', 'EUR')).toBe('100.00');
    expect(subMoney('10', '12.5', 'EUR')).toBe('-2.50');
    expect(addMoney(12700, '-700', 'HUF')).toBe('12000');
    expect(addMoney('100.00', '1', 'HUF')).toBe('101'); // "100.00" is a whole number of forints
    expect(sumMoney([], 'HUF')).toBe('0');
    expect(sumMoney(['1.10', 2.2, '-0.3'], 'USD')).toBe('3.00');
    expect(compareMoney('1.50', 1.5)).toBe(0);
    expect(compareMoney('-1', '0.01')).toBe(-1);
    expect(compareMoney('10', '9.99')).toBe(1);
  });

  it('converts to and from exact minor units', () => {
    expect(toMinorUnits('12.34')).toBe(1234);
    expect(toMinorUnits(-0.01)).toBe(-1);
    expect(toMinorUnits('12700', 0)).toBe(12700);
    expect(toMinorUnits('1.5', 3)).toBe(1500);
    expect(toMinorUnits('1000000000000')).toBe(100_000_000_000_000);
    // Whole numbers take a shortcut; it must agree with the exact path at its edges.
    expect(toMinorUnits(7, 3)).toBe(7000);
    expect(Object.is(toMinorUnits(-0, 3), 0)).toBe(true);
    expect(toMinorUnits(-42, 2)).toBe(-4200);
    expect(toMinorUnits(9_007_199_254, 6)).toBe(9_007_199_254_000_000);
    expect(() => toMinorUnits(9_007_199_255, 6)).toThrow(/beyond the safe integer range/);
    expect(toMinorUnits(1e12, 0)).toBe(1e12);
    expect(() => toMinorUnits(1e12 + 1, 0)).toThrow(/must be between -1e12 and 1e12/);
    expect(fromMinorUnits(1234, 'EUR')).toBe('12.34');
    expect(fromMinorUnits(-1, 'EUR')).toBe('-0.01');
    expect(fromMinorUnits(1270000, 'HUF')).toBe('12700');
    expect(fromMinorUnits(1500, 'EUR', 3)).toBe('1.50');
    expect(fromMinorUnits(0, 'EUR')).toBe('0.00');
  });

  it('toNumber gives the JSON number of a canonical string', () => {
    expect(toNumber('99.90')).toBe(99.9);
    expect(toNumber('-0.01')).toBe(-0.01);
    expect(toNumber('12700')).toBe(12700);
    expect(toNumber('123456789012345.67')).toBe(123456789012345.67); // sums may exceed 1e12
  });
});

describe('MoneyError', () => {
  const line = (patch: Partial<Record<keyof LineInput, unknown>>): LineInput =>
    ({ quantity: 1, unitPrice: 1, vatRate: 27, ...patch }) as LineInput;

  const cases: Array<[string, () => unknown, string, string]> = [
    [
      'NaN',
      () => computeLine(line({ quantity: NaN }), 'EUR'),
      'quantity',
      'quantity must be a finite number, got NaN',
    ],
    [
      'Infinity',
      () => computeLine(line({ unitPrice: Infinity }), 'EUR'),
      'unitPrice',
      'unitPrice must be a finite number, got Infinity',
    ],
    [
      '-Infinity',
      () => roundMoney(-Infinity, 'EUR'),
      'value',
      'value must be a finite number, got -Infinity',
    ],
    [
      'empty string',
      () => computeLine(line({ quantity: '' }), 'EUR'),
      'quantity',
      'quantity must be a decimal number such as "12.50", got ""',
    ],
    [
      'non-numeric string',
      () => computeLine(line({ unitPrice: 'abc' }), 'EUR'),
      'unitPrice',
      'unitPrice must be a decimal number such as "12.50", got "abc"',
    ],
    [
      'whitespace',
      () => computeLine(line({ unitPrice: ' 12' }), 'EUR'),
      'unitPrice',
      'unitPrice must be a decimal number such as "12.50", got " 12"',
    ],
    [
      'decimal comma',
      () => computeLine(line({ unitPrice: '12,50' }), 'EUR'),
      'unitPrice',
      'unitPrice must be a decimal number such as "12.50", got "12,50" (use a dot as the decimal separator)',
    ],
    [
      'null from JSON',
      () => computeLine(line({ vatRate: null }), 'EUR'),
      'vatRate',
      'vatRate must be a decimal string or number, got null',
    ],
    [
      'discount above 100',
      () => computeLine(line({ discountPercent: 120 }), 'EUR'),
      'discountPercent',
      'discountPercent must be a percentage between 0 and 100, got 120',
    ],
    [
      'negative discount',
      () => computeLine(line({ discountPercent: '-1' }), 'EUR'),
      'discountPercent',
      'discountPercent must be a percentage between 0 and 100, got "-1"',
    ],
    [
      'VAT rate above 100',
      () => computeLine(line({ vatRate: 101 }), 'EUR'),
      'vatRate',
      'vatRate must be a percentage between 0 and 100, got 101',
    ],
    [
      'negative VAT rate',
      () => computeLine(line({ vatRate: -5 }), 'EUR'),
      'vatRate',
      'vatRate must be a percentage between 0 and 100, got -5',
    ],
    [
      'seven decimals',
      () => computeLine(line({ quantity: '1.0000001' }), 'EUR'),
      'quantity',
      'quantity may have at most 6 decimal places, got "1.0000001"',
    ],
    [
      'absurd magnitude',
      () => computeLine(line({ unitPrice: 1e13 }), 'EUR'),
      'unitPrice',
      'unitPrice must be between -1e12 and 1e12, got 10000000000000',
    ],
    [
      'absurd line value',
      () => computeLine(line({ quantity: '1000000', unitPrice: '10000000' }), 'EUR'),
      'line',
      'line net amount 10000000000000 exceeds 1e12; check quantity and unitPrice',
    ],
    [
      'the line is named inside a document',
      () => computeTotals([line({}), line({ discountPercent: 'ten' })], 'EUR'),
      'lines[1].discountPercent',
      'lines[1].discountPercent must be a decimal number such as "12.50", got "ten"',
    ],
    [
      'zero fx rate',
      () => computeTotals([line({})], 'EUR', 0),
      'fxRate',
      'fxRate must be greater than 0 (HUF per 1 EUR), got 0',
    ],
    [
      'negative fx rate',
      () => computeLine(line({}), 'USD', '-360'),
      'fxRate',
      'fxRate must be greater than 0 (HUF per 1 USD), got "-360"',
    ],
    [
      'fx rate on a HUF document',
      () => computeTotals([line({})], 'HUF', FX),
      'fxRate',
      'fxRate must be absent or 1 on a HUF document, got "395.5"',
    ],
    [
      'lower-case currency',
      () => computeLine(line({}), 'huf'),
      'currency',
      'currency must be a three-letter ISO 4217 code in capitals such as "HUF" or "EUR", got "huf"',
    ],
    [
      'unrounded balance operand',
      () => addMoney('0.005', '1', 'EUR'),
      'a',
      'a has more decimal places than EUR allows (2), got "0.005"; round it with roundMoney first',
    ],
    [
      'fractional forints in a sum',
      () => sumMoney(['1', '2.5'], 'HUF'),
      'values[1]',
      'values[1] has more decimal places than HUF allows (0), got "2.5"; round it with roundMoney first',
    ],
    [
      'compare garbage',
      () => compareMoney('1', 'x'),
      'b',
      'b must be a decimal number such as "12.50", got "x"',
    ],
    [
      'sub-cent minor units',
      () => toMinorUnits('1.005'),
      'value',
      'value has more than 2 decimal places, so it is not a whole number of minor units, got "1.005"',
    ],
    [
      'unsafe minor units',
      () => toMinorUnits('1000000000000', 4),
      'value',
      'value "1000000000000" at scale 4 is beyond the safe integer range',
    ],
    [
      'bad scale',
      () => toMinorUnits('1', 1.5),
      'scale',
      'scale must be a whole number between 0 and 12, got 1.5',
    ],
    ['fractional minor', () => fromMinorUnits(1.5, 'EUR'), 'minor', 'minor must be a safe integer, got 1.5'],
    [
      'minor units finer than the currency',
      () => fromMinorUnits(12345, 'HUF'),
      'minor',
      'minor 12345 at scale 2 is 123.45, which has more decimal places than HUF allows (0)',
    ],
    [
      'toNumber of garbage',
      () => toNumber('twelve'),
      'value',
      'value must be a decimal number such as "12.50", got "twelve"',
    ],
    [
      'toNumber losing precision',
      () => toNumber('12345678901234567.89'),
      'value',
      'value "12345678901234567.89" cannot be represented as a JSON number exactly',
    ],
  ];

  it.each(cases)('%s', (_, fn, field, message) => {
    let caught: unknown;
    try {
      fn();
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MoneyError);
    expect(caught).toBeInstanceOf(Error);
    expect(caught).toMatchObject({ name: 'MoneyError', field, message });
  });
});
