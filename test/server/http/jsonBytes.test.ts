/**
 * Large JSON answers written piecewise into pooled buffers must be byte-for-byte what
 * JSON.stringify writes, and a pooled buffer must not be handed out again while a socket reads it.
 */
import { describe, expect, it } from 'vitest';
import { BytesPool, isLargeJson, LARGE_LIST } from '@server/http/jsonBytes';

const stringify = (v: unknown) => Buffer.from(JSON.stringify(v), 'utf8');

describe('BytesPool.encode', () => {
  const cases: Record<string, unknown> = {
    'an envelope with a long list of non-ASCII records': {
      status: 'success', method: 'getDueCustomers',
      result: { as_of: '2026-11-24', customers: Array.from({ length: 500 }, (_, i) => ({ contact_id: i, name: `Vevő ${i} Kft. – űrlap ✓ 😀`, invoices: [{ n: i, total: '1.50' }] })) },
    },
    'what JSON.stringify drops or turns into null': {
      a: undefined, b: () => 1, c: Symbol('x'), d: [undefined, () => 1, Symbol('y'), NaN, Infinity, -0, null], e: { f: undefined }, g: 'kept',
    },
    'sparse arrays, empty containers, numeric-looking keys in their own order': { 2: 'two', 1: 'one', z: [], y: {}, x: [, 1, , 2] }, // eslint-disable-line no-sparse-arrays
    'values stringify handles itself: Date, boxed strings, toJSON, Map, null prototype': {
      when: new Date('2026-11-24T10:00:00Z'), boxed: [new String('s'), new Number(3)], own: { toJSON: () => ({ replaced: true }) }, map: new Map([[1, 2]]),
      bare: Object.assign(Object.create(null) as object, { k: 'v' }),
    },
    'escapes in keys and values': { 'k"ey\n': 'line\u2028sep\u0000 "quoted" \\ back', '\ud800': 'lone surrogate \udfff' },
    'a top-level array and scalars inside': [1, 'two', true, null, [3, [4, [5, [6]]]]],
  };
  for (const [name, value] of Object.entries(cases)) {
    it(`writes exactly what JSON.stringify writes: ${name}`, () => {
      const out = new BytesPool().encode(value);
      expect(out.bytes.equals(stringify(value))).toBe(true);
    });
  }

  it('grows past its first buffer for an answer of several megabytes', () => {
    const value = { result: { rows: Array.from({ length: 30_000 }, (_, i) => ({ id: i, text: 'ő'.repeat(40), pdf: i === 7 ? 'A'.repeat(3_000_000) : '' })) } };
    const out = new BytesPool().encode(value);
    expect(out.bytes.length).toBeGreaterThan(5_000_000);
    expect(out.bytes.equals(stringify(value))).toBe(true);
  });

  it('hands a buffer out again only after it was released', () => {
    const pool = new BytesPool();
    const first = pool.encode({ a: 'first' });
    const second = pool.encode({ b: 'second' });
    // Both are in use: they must not share memory.
    expect(first.bytes.buffer).not.toBe(second.bytes.buffer);
    expect(first.bytes.toString()).toBe('{"a":"first"}');
    first.release();
    first.release(); // a second release must not put the buffer in the pool twice
    const third = pool.encode({ c: 'third' });
    const fourth = pool.encode({ d: 'fourth' });
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    expect(fourth.bytes.buffer).not.toBe(first.bytes.buffer);
    expect(second.bytes.toString()).toBe('{"b":"second"}');
  });
});

describe('isLargeJson', () => {
  it('is true only for a long list within the top three levels', () => {
    const long = Array.from({ length: LARGE_LIST }, (_, i) => i);
    expect(isLargeJson({ status: 'success', result: { customers: long } })).toBe(true);
    expect(isLargeJson({ status: 'success', result: { customers: long.slice(1) } })).toBe(false);
    expect(isLargeJson({ status: 'success', result: { deep: { list: long } } })).toBe(false);
    expect(isLargeJson({ result: { quantities: [{ warehouses: long }] } })).toBe(false);
    expect(isLargeJson([[long]])).toBe(true);
    expect(isLargeJson('x'.repeat(10_000))).toBe(false);
  });
});
