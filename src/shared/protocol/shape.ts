/**
 * Schema-directed shaping of decoded bodies. XML has no arrays, numbers or nulls, and JSON
 * senders differ in how they write lists; walking the value beside its zod schema turns both
 * into the one shape the schema validates: lists as arrays (a container's children, whatever they
 * are called), numeric strings as numbers where a number is expected, `node` children of
 * checkbox custom fields as string lists.
 */
import type { z } from 'zod';
import { malformed } from './errors';
import { NODE } from './lists';

type Kind = 'object' | 'array' | 'record' | 'number' | 'other';
interface Core {
  kind: Kind;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}

interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
}

const cache = new WeakMap<z.ZodType, Core>();
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const typeOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def.type;

/** Unwraps pipes (preprocess), optional, nullable and default to the schema's structural core. */
function core(schema: z.ZodType): Core {
  const hit = cache.get(schema);
  if (hit) return hit;
  let s = schema;
  let result: Core = { kind: 'other' };
  for (let guard = 0; guard < 20; guard++) {
    const def = (s as unknown as { _zod: { def: Def } })._zod.def;
    if (def.type === 'pipe') s = typeOf(def.out!) === 'transform' ? def.in! : def.out!;
    else if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly' || def.type === 'catch')
      s = def.innerType!;
    else {
      if (def.type === 'object') result = { kind: 'object', shape: def.shape! };
      else if (def.type === 'array') result = { kind: 'array', element: def.element! };
      else if (def.type === 'record') result = { kind: 'record' };
      else if (def.type === 'number') result = { kind: 'number' };
      break;
    }
  }
  cache.set(schema, result);
  return result;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Custom field value: `{node: …}` → list of strings; text stays text. */
function customValue(v: unknown): unknown {
  if (isPlainObject(v) && NODE in v) {
    const nodes = v[NODE];
    return (Array.isArray(nodes) ? nodes : [nodes]).map((x) => (typeof x === 'number' ? String(x) : x));
  }
  if (typeof v === 'number') return String(v);
  return v;
}

export function shape(value: unknown, schema: z.ZodType | undefined, xml: boolean, depth = 0): unknown {
  if (depth > 40) throw malformed('the body is nested too deeply');
  if (!schema) return value;
  const c = core(schema);
  switch (c.kind) {
    case 'object': {
      if (xml && value === '') return {};
      if (!isPlainObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(k)) throw malformed(`field name "${k}" is not allowed`);
        out[k] = shape(v, c.shape![k], xml, depth + 1);
      }
      return out;
    }
    case 'array': {
      if (value === '' || value === null) return xml ? [] : value;
      let items: unknown;
      // A container element (XML) or a wrapper object (lenient JSON) holding the repeated child.
      if (isPlainObject(value) && Object.keys(value).length === 1 && (xml || Array.isArray(Object.values(value)[0]))) {
        items = Object.values(value)[0];
      } else {
        items = value;
      }
      if (typeof items === 'string') return items;
      const arr = Array.isArray(items) ? items : [items];
      return arr.map((el) => shape(el, c.element, xml, depth + 1));
    }
    case 'record': {
      if (xml && value === '') return {};
      if (!isPlainObject(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        if (FORBIDDEN_KEYS.has(k)) throw malformed(`field name "${k}" is not allowed`);
        out[k] = customValue(v);
      }
      return out;
    }
    case 'number':
      if (typeof value === 'string') {
        const t = value.trim();
        if (t === '') return xml ? undefined : value;
        return NUMERIC.test(t) ? Number(t) : value;
      }
      return value;
    default:
      return value;
  }
}

/** Refuses JSON nested deeper than the cap before any further work (same limit as XML). */
export function checkDepth(value: unknown, max: number): void {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d >= max) throw malformed(`JSON is nested deeper than ${max} levels`);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d + 1]);
  }
}
