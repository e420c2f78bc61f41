/**
 * The field primitives on their own (forms and IPC validate with the catalog's schemas directly,
 * without the codec's shaping): coercion, blanks, messages, and that `opt()`'s single-pipe form
 * behaves exactly like the generic wrapper it replaces.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  choice, country, currency, date, describe as describeValue, flag, id, int, intChoice, isCalendarDate, list, num, opt, pattern, requestId, text,
  timestamp,
} from '@shared/protocol/fields';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** The generic form of opt(): blank → undefined, then the wrapped schema, optional. */
const genericOpt = (s: z.ZodType) => z.preprocess((v) => (isBlank(v) ? undefined : v), s.optional());

const outcome = (s: z.ZodType, v: unknown) => {
  const r = s.safeParse(v);
  return r.success ? { ok: r.data } : { issues: r.error.issues.map((i) => [i.path.join('.'), i.message]) };
};

const INPUTS: unknown[] = [
  undefined, null, '', '   ', 0, -0.5, 1, '1', ' 42 ', '1.5', '1e3', '0x10', 'abc', 'NaN', 'Infinity', Infinity, 2 ** 60, true, {}, [], [1], { node: 'x' },
  'hu_hu', 'EUR', 'eur', 'XYZ', 'hu', '2026-02-28', '2026-02-30', '26-1-1', '2026-11-22T08:30:00Z', 'a, b', 'ok:id-1', 'bad id',
];

describe('opt()', () => {
  const primitives: Array<[string, () => z.ZodType]> = [
    ['num', () => num({ min: 0, max: 100 })],
    ['num nonZero', () => num({ nonZero: true })],
    ['int', () => int({ min: 0 })],
    ['id', () => id()],
    ['flag', () => flag()],
    ['intChoice', () => intChoice([1, 3] as const)],
    ['text', () => text(5)],
    ['date', () => date()],
    ['timestamp', () => timestamp()],
    ['choice', () => choice(['hu_HU', 'en_US'] as const)],
    ['currency', () => currency()],
    ['country', () => country()],
    ['pattern', () => pattern(/^[a-z:-]+$/, 'letters only', 10)],
    ['list', () => list(id(), { max: 2 })],
    ['plain zod', () => z.string().max(3)],
  ];

  it.each(primitives)('%s: the fused form gives the same value or the same issues as the generic wrapper', (_name, make) => {
    const fused = opt(make());
    const generic = genericOpt(make());
    for (const v of INPUTS) expect(outcome(fused, v), JSON.stringify(v)).toEqual(outcome(generic, v));
  });

  it('blank means absent; a required primitive says "is required"', () => {
    for (const v of [undefined, null, '', '  ']) expect(opt(num()).safeParse(v)).toEqual({ success: true, data: undefined });
    expect(outcome(num(), undefined)).toEqual({ issues: [['', 'is required']] });
    expect(outcome(text(), undefined)).toEqual({ issues: [['', 'is required']] });
    expect(outcome(date(), undefined)).toEqual({ issues: [['', 'is required']] });
  });
});

describe('primitives', () => {
  it('numbers: strict coercion of text, finite values, readable messages', () => {
    expect(num().parse(' 12.50 ')).toBe(12.5);
    expect(num().parse('-1e3')).toBe(-1000);
    expect(outcome(num(), '0x10')).toEqual({ issues: [['', 'must be a number, got "0x10"']] });
    expect(outcome(num(), '1,5')).toEqual({ issues: [['', 'must be a number, got "1,5"']] });
    expect(outcome(num(), Infinity)).toEqual({ issues: [['', 'must be a finite number']] });
    expect(outcome(num(), '1e999')).toEqual({ issues: [['', 'must be a finite number']] });
    expect(outcome(num(), true)).toEqual({ issues: [['', 'must be a number, got true']] });
    expect(outcome(num(), { a: 1 })).toEqual({ issues: [['', 'must be a number, got a group of fields']] });
    expect(outcome(num({ positive: true }), 0)).toEqual({ issues: [['', 'must be greater than 0']] });
    expect(outcome(num({ min: -5, max: 5 }), 6)).toEqual({ issues: [['', 'must be at most 5']] });
    expect(outcome(num({ nonZero: true }), '0')).toEqual({ issues: [['', 'must not be zero']] });
  });

  it('whole numbers and ids', () => {
    expect(id().parse('17')).toBe(17);
    expect(outcome(id(), 0)).toEqual({ issues: [['', 'must be at least 1']] });
    expect(outcome(int(), '2.5')).toEqual({ issues: [['', 'must be a whole number, got 2.5']] });
    expect(outcome(int(), 2 ** 60)).toEqual({ issues: [['', `must be a whole number, got ${2 ** 60}`]] });
    expect(outcome(flag(), 2)).toEqual({ issues: [['', 'must be at most 1']] });
    expect(outcome(intChoice([0, 1, 2] as const), 3)).toEqual({ issues: [['', 'must be one of 0, 1, 2']] });
  });

  it('dates are real calendar dates', () => {
    expect(date().parse(' 2024-02-29 ')).toBe('2024-02-29');
    for (const d of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '1899-12-31']) {
      expect(outcome(date(), d), d).toEqual({ issues: [['', 'is not a real calendar date']] });
    }
    for (const d of ['26-1-1', '2026-1-1', '2026/01/01', '2026-01-01T00:00:00Z']) {
      expect(outcome(date(), d), d).toEqual({ issues: [['', 'must be a date in the form YYYY-MM-DD']] });
    }
    expect(isCalendarDate('2000-02-29')).toBe(true);
    expect(isCalendarDate('1900-02-29')).toBe(false);
  });

  it('codes and vocabularies come back canonical', () => {
    expect(currency().parse(' eur ')).toBe('EUR');
    expect(country().parse('hu')).toBe('HU');
    expect(choice(['hu_HU', 'en_US'] as const).parse('HU_hu')).toBe('hu_HU');
    expect(outcome(choice(['Sale', 'Allocation'] as const), 'gift')).toEqual({ issues: [['', 'must be one of Sale, Allocation; got "gift"']] });
    expect(outcome(currency(), 'Ft')).toEqual({ issues: [['', 'must be a three-letter ISO 4217 currency code like HUF or EUR']] });
  });

  it('text: trimmed, numbers as text, not empty when required', () => {
    expect(text().parse('  a  ')).toBe('a');
    expect(text().parse(12)).toBe('12');
    expect(outcome(text(), '   ')).toEqual({ issues: [['', 'must not be empty']] });
    expect(outcome(text(3), 'abcd')).toEqual({ issues: [['', 'must be at most 3 characters']] });
    expect(outcome(text(), ['a'])).toEqual({ issues: [['', 'must be text, got a list']] });
  });

  it('pattern fields and request_id accept a JSON number as its digits', () => {
    expect(pattern(/^\d{8}$/, 'eight digits', 8).parse(12345678)).toBe('12345678');
    expect(opt(requestId()).parse(12345)).toBe('12345');
    expect(outcome(requestId(), 'a b')).toEqual({ issues: [['', 'may contain only letters, digits and . _ : -']] });
    expect(outcome(requestId(), 'x'.repeat(65))).toEqual({ issues: [['', 'must be at most 64 characters']] });
  });

  it('lists take a single element as a one-element list and "" as empty', () => {
    expect(list(id()).parse('5')).toEqual([5]);
    expect(list(id()).parse('')).toEqual([]);
    expect(outcome(list(id(), { min: 1, what: 'item' }), [])).toEqual({ issues: [['', 'must contain at least one item']] });
    expect(outcome(list(id(), { what: 'ids' }), undefined)).toEqual({ issues: [['', 'is required']] });
  });

  it('describe() names values as a clerk sees them', () => {
    expect(describeValue('x'.repeat(50))).toBe(`"${'x'.repeat(40)}…"`);
    expect(describeValue([])).toBe('a list');
    expect(describeValue({})).toBe('a group of fields');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(3)).toBe('3');
  });
});
