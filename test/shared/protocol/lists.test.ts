/**
 * XML has no arrays: every list-valued field needs a child element name in lists.ts, or the
 * encoder falls back to `node` (which only custom-field values may use). Introspects every params
 * and result schema of the catalog.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { METHOD_NAMES, METHODS } from '@shared/protocol';
import { AMBIGUOUS_LISTS, CUSTOM_FIELDS, LIST_CHILD, listChild, NODE } from '@shared/protocol/lists';
import { walk, type Visit } from './zodWalk';

/** Every array node of a schema: its key, path, and whether it is a custom-field value. */
function arraysOf(schema: z.ZodType): Visit[] {
  const out: Visit[] = [];
  walk(schema, (v) => {
    if (v.type === 'array') out.push(v);
  });
  return out;
}

const schemas = METHOD_NAMES.flatMap((m) => [
  [`${m} params`, METHODS[m].params] as const,
  [`${m} result`, METHODS[m].result] as const,
]);

describe('list child names', () => {
  it('the walker finds arrays behind preprocess, optional and records', () => {
    const s = z.object({
      a: z.preprocess((v) => v, z.array(z.string()).optional()),
      b: z.object({ c: z.array(z.number()) }).optional(),
      d: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    });
    expect(arraysOf(s).map((v) => [v.path, v.key, v.inRecord])).toEqual([
      ['a', 'a', false],
      ['b.c', 'c', false],
      ['d{}', 'd', true],
    ]);
  });

  it.each(schemas)('%s: every list field has a child name in LIST_CHILD', (_name, schema) => {
    const missing = arraysOf(schema)
      .filter((v) => !v.inRecord && (v.key === undefined || listChild(v.key) === undefined))
      .map((v) => v.path);
    expect(missing).toEqual([]);
  });

  it('lists were found at all (the walk reaches the catalog)', () => {
    const keys = new Set(schemas.flatMap(([, s]) => arraysOf(s).filter((v) => !v.inRecord).map((v) => v.key)));
    for (const k of ['items', 'tags', 'products', 'collective_product', 'retentions', 'quantities', 'invoice_ids', 'vat_summary', 'opening', 'totals']) {
      expect(keys.has(k), k).toBe(true);
    }
  });

  it('arrays inside records are only custom-field values', () => {
    const inRecord = schemas.flatMap(([, s]) => arraysOf(s).filter((v) => v.inRecord).map((v) => v.key));
    expect(inRecord.length).toBeGreaterThan(0);
    expect(new Set(inRecord)).toEqual(new Set([CUSTOM_FIELDS]));
  });

  it('child names are XML names, never `node`, and ambiguous names are not in the plain table', () => {
    for (const [k, child] of Object.entries({ ...LIST_CHILD, ...AMBIGUOUS_LISTS })) {
      expect(child, k).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      expect(child, k).not.toBe(NODE);
    }
    for (const k of Object.keys(AMBIGUOUS_LISTS)) expect(LIST_CHILD[k]).toBeUndefined();
  });
});
