/**
 * Test-side introspection of the catalog's zod 4 schemas: walks `_zod.def` through pipes
 * (preprocess), wrappers (optional, nullable, default, …), objects, arrays, records and unions.
 */
import type { z } from 'zod';

interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}

export const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export interface Visit {
  /** Dotted path from the schema root; array elements add `[]`, e.g. `items[].quantity`. */
  path: string;
  /** The object key this node hangs from (arrays keep their key for their element). */
  key: string | undefined;
  type: string;
  /** Inside a record's values (custom fields). */
  inRecord: boolean;
}

/** Calls `visit` for every structural node (object, array, record, leaf) under `schema`. */
export function walk(schema: z.ZodType, visit: (v: Visit) => void, path = '', key?: string, inRecord = false): void {
  const def = defOf(schema);
  if (def.type === 'pipe') {
    for (const s of [def.in, def.out]) if (s && defOf(s).type !== 'transform') walk(s, visit, path, key, inRecord);
    return;
  }
  if (WRAPPERS.has(def.type)) return walk(def.innerType!, visit, path, key, inRecord);
  visit({ path, key, type: def.type, inRecord });
  if (def.type === 'object') {
    for (const [k, s] of Object.entries(def.shape!)) walk(s, visit, path ? `${path}.${k}` : k, k, inRecord);
  } else if (def.type === 'array') {
    walk(def.element!, visit, `${path}[]`, key, inRecord);
  } else if (def.type === 'record') {
    walk(def.valueType!, visit, `${path}{}`, key, true);
  } else if (def.type === 'union') {
    for (const o of def.options!) walk(o, visit, path, key, inRecord);
  }
}

/** The field paths (objects' keys, `[]` for list elements) a schema declares, records not entered. */
export function schemaFieldPaths(schema: z.ZodType): Set<string> {
  const out = new Set<string>();
  walk(schema, (v) => {
    if (v.path && !v.inRecord && !v.path.endsWith('[]')) out.add(v.path);
  });
  return out;
}

/** The field paths a value uses, in the same notation; records (custom fields) are leaves. */
export function valueFieldPaths(value: unknown, recordKeys: ReadonlySet<string>, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) valueFieldPaths(v, recordKeys, `${path}[]`, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const p = path ? `${path}.${k}` : k;
      out.add(p);
      if (!recordKeys.has(k)) valueFieldPaths(v, recordKeys, p, out);
    }
  }
  return out;
}
