/**
 * Equivalence of the compiled parameter parser and zod (src/shared/protocol/compiled.ts):
 * 1. every body the protocol suites decode (round trips, document samples, hostile bodies, field
 *    and list tests) is compared on both paths, by importing those suites with the audit hook on;
 * 2. generated mutations of every method's fixtures, shaped as JSON and as XML decode them: each
 *    field dropped, replaced by values of the wrong type, out of range, blank, huge, bad dates,
 *    plus unknown keys, in the top level and in list rows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { encodeRequest, METHOD_NAMES, parseRequest, type Format, type MethodName } from '@shared/protocol';
import { paramsParser, setParamsAudit } from '@shared/protocol/compiled';
import { CREDENTIALS, PARAMS } from '../fixtures/params';
import { compareParams } from './compiledDiff';

// The suites below run their own tests here too; every raw parameter object they validate is compared.
import './roundtrip.test';
import './samples.test';
import './hostile.test';
import './fields.test';
import './lists.test';

const audited: string[] = [];
let auditedCount = 0;
setParamsAudit((method, raw) => {
  auditedCount++;
  const d = compareParams(method, raw);
  if (d) audited.push(d);
});
afterAll(() => setParamsAudit(null));

describe('compiled parameter parser', () => {
  it.each(METHOD_NAMES)('%s has a compiled parser', (method) => {
    expect(paramsParser(method)).not.toBeNull();
  });
});

const VALUES: unknown[] = [
  undefined, null, '', '   ', 'abc', '12', ' 7 ', '1e3', '-1', '0', '0.5', '+3', '.5', '1.', '0x10', '1_000',
  '2026-02-30', '2026-02-28', '2024-02-29', '2026-13-01', '2026-1-1', '1899-12-31', ' 2026-11-22 ', '2026-11-22T08:30:00.000Z',
  'hu_hu', 'TRANSFER', ' eur ', 'eur', 'HUF', 'Sale', 'outgoing', 'DOMESTIC', 'x@y.hu', '12345678',
  0, -1, 1, 2, 3, 1.5, -0, 1e308, -1e308, 1e13, 1e9 + 1, 2 ** 53, 1e-300, NaN, Infinity, -Infinity,
  true, false, [], {}, ['x'], [1, 2], { tag: 'a' }, { node: ['a', 'b'] }, { item: [] },
  'x'.repeat(20001), '😀'.repeat(600), 'é'.repeat(1001), '😀'.repeat(5001),
];

type Raw = Record<string, unknown>;

/** The raw parameter objects validateParams would see for a fixture: as given, and as each format decodes it. */
function raws(method: MethodName, params: object): Raw[] {
  const out: Raw[] = [structuredClone(params) as Raw];
  for (const format of ['json', 'xml'] as Format[]) {
    const { body, contentType } = encodeRequest(format, method, params as Raw, CREDENTIALS);
    out.push(parseRequest(body, contentType).raw);
  }
  return out;
}

/** Every mutation of `base`: at the top level and inside the first row of each list. */
function* mutations(base: Raw): Generator<unknown> {
  yield { ...base, not_a_field: 1 };
  yield* VALUES;
  for (const key of Object.keys(base)) {
    const { [key]: _dropped, ...rest } = base;
    yield rest;
    for (const v of VALUES) yield { ...base, [key]: v };
    const value = base[key];
    if (Array.isArray(value) && value.length && typeof value[0] === 'object' && value[0] !== null) {
      const row = value[0] as Raw;
      const withRow = (r: unknown) => ({ ...base, [key]: [r, ...value.slice(1)] });
      yield withRow({ ...row, not_a_field: 1 });
      yield { ...base, [key]: row };
      for (const k of Object.keys(row)) {
        const { [k]: _d, ...restRow } = row;
        yield withRow(restRow);
        for (const v of VALUES) yield withRow({ ...row, [k]: v });
      }
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      // custom_fields: odd names and values.
      for (const [name, v] of [['bad name', 'x'], ['ok_name', 7], ['ok_name', ['a', 1]], ['ok_name', { deep: 1 }], ['a'.repeat(65), 'x']]) {
        yield { ...base, [key]: { ...(value as Raw), [name as string]: v } };
      }
    }
  }
}

describe('compiled parser and zod agree on generated mutations', () => {
  it.each(METHOD_NAMES)('%s', (method) => {
    const problems: string[] = [];
    let n = 0;
    for (const params of PARAMS[method]) {
      for (const base of raws(method, params)) {
        for (const raw of [base, ...mutations(base)]) {
          n++;
          const d = compareParams(method, raw);
          if (d) problems.push(d);
        }
      }
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(n).toBeGreaterThan(VALUES.length);
  });
});

describe('compiled parser and zod agree on every body the protocol suites decode', () => {
  it('has compared them all without a difference', () => {
    expect(audited.slice(0, 10)).toEqual([]);
    // The suites decode hundreds of bodies; a small count would mean the hook is not reached.
    expect(auditedCount).toBeGreaterThan(300);
    console.info(`compared ${auditedCount} parameter objects from the protocol suites`);
  });
});
