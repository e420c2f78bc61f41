/**
 * Schema-directed shaping of decoded bodies. XML has no arrays, numbers or nulls, and JSON
 * senders differ in how they write lists; walking the value beside its zod schema turns both
 * into the one shape the schema validates: lists as arrays (a container's children, whatever they
 * are called), numeric strings as numbers where a number is expected, `node` children of
 * checkbox custom fields as string lists.
 *
 * The same walk guards the tree: no object key may be one of RESERVED_NAMES, and nothing may be
 * nested deeper than the cap, including inside fields the schema does not know (for JSON this is
 * the only such check; XML bodies have had it from the scanner already).
 */
import type { z } from 'zod';
import { invalid, malformed } from './errors';
import { listChild, NODE, RESERVED_NAMES } from './lists';
import type { Steps } from './steps';

type Kind = 'object' | 'array' | 'record' | 'number' | 'other';
interface Core {
  kind: Kind;
  /** object: the structural core of each field. */
  fields?: Map<string, Core>;
  /** object: unknown keys are refused (z.strictObject). */
  strict?: boolean;
  /** array: the core of the elements. */
  element?: Core;
}

interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  catchall?: z.ZodType;
}

/** Depth cap of the walk when the caller gives none (the XML scanner caps requests at 32). */
export const SHAPE_MAX_DEPTH = 64;

/**
 * Entries a list of a request may hold (order lines, products, …). Checked here, before the
 * schema: zod validates every element of a list before its length, and 200,000 empty order lines
 * cost it a second and 400,000 issues. A 10,000-line order is far beyond any real one.
 */
export const MAX_LIST_ENTRIES = 10_000;

/** fast-xml-parser's key for text beside child elements (`<a>text<b/></a>`). */
const XML_TEXT = '#text';
const OTHER: Core = { kind: 'other' };
const cache = new WeakMap<z.ZodType, Core>();

const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Unwraps pipes (preprocess), optional, nullable and default to the schema's structural core. */
function core(schema: z.ZodType): Core {
  const hit = cache.get(schema);
  if (hit) return hit;
  let s = schema;
  let result: Core = OTHER;
  for (let guard = 0; guard < 20; guard++) {
    const def = defOf(s);
    if (def.type === 'pipe') s = defOf(def.out!).type === 'transform' ? def.in! : def.out!;
    else if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default' || def.type === 'readonly' || def.type === 'catch')
      s = def.innerType!;
    else {
      if (def.type === 'object') {
        const fields = new Map<string, Core>();
        result = { kind: 'object', fields, strict: def.catchall !== undefined && defOf(def.catchall).type === 'never' };
        cache.set(schema, result);
        // A reserved or text-node name is never looked up as a field, so the walk can test those only for unknown keys.
        for (const [k, f] of Object.entries(def.shape!)) if (!RESERVED_NAMES.has(k) && k !== XML_TEXT) fields.set(k, core(f));
      } else if (def.type === 'array') result = { kind: 'array', element: core(def.element!) };
      else if (def.type === 'record') result = { kind: 'record' };
      else if (def.type === 'number') result = { kind: 'number' };
      break;
    }
  }
  cache.set(schema, result);
  return result;
}

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function reserved(key: string): never {
  throw malformed(`Field name "${key}" is not allowed.`);
}

function tooDeep(xml: boolean, max: number): never {
  throw malformed(`${xml ? 'XML' : 'JSON'} is nested deeper than ${max} levels.`);
}

/** Depth and key names of a subtree the schema does not describe (it is reported by zod, but must be harmless first). */
function guard(v: unknown, xml: boolean, depth: number, max: number): void {
  if (typeof v !== 'object' || v === null) return;
  if (depth >= max) tooDeep(xml, max);
  if (Array.isArray(v)) {
    for (const x of v) guard(x, xml, depth + 1, max);
  } else {
    for (const k of Object.keys(v)) {
      if (RESERVED_NAMES.has(k)) reserved(k);
      guard((v as Record<string, unknown>)[k], xml, depth + 1, max);
    }
  }
}

/** Custom field value: `{node: …}` → list of strings; numbers → text; anything else is left to zod. */
function customValue(v: unknown): unknown {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, NODE)) {
    const nodes = (v as Record<string, unknown>)[NODE];
    return (Array.isArray(nodes) ? nodes : [nodes]).map((x) => (typeof x === 'number' ? String(x) : x));
  }
  return v;
}

/**
 * Shapes `value` for `schema`. Works in place on the objects and arrays of `value`, which must be
 * the caller's own freshly parsed tree. `depth` is the nesting level of `value` itself.
 */
export function shape(value: unknown, schema: z.ZodType | undefined, xml: boolean, maxDepth = SHAPE_MAX_DEPTH, depth = 0, maxList = Infinity): unknown {
  return withState(maxList, null, () => walk(value, schema ? core(schema) : undefined, xml, depth, undefined, maxDepth));
}

/** The list cap of the walk under way (the walk is synchronous; requests pass MAX_LIST_ENTRIES, answers none). */
let listCap = Infinity;

/** A long list whose elements are shaped later, a slice at a time (shapeSteps). */
interface ListTask {
  arr: unknown[];
  element: Core;
  xml: boolean;
  d: number;
  max: number;
  key: string | undefined;
  next: number;
}
/** Where the walk under way leaves long lists for later; null when it shapes them at once (shape). */
let deferred: ListTask[] | null = null;
/** Lists longer than this are shaped in slices of as many elements (a cold walk of 10,000 order lines took 15–35 ms). */
const LIST_SLICE = 512;

function withState<T>(maxList: number, tasks: ListTask[] | null, fn: () => T): T {
  listCap = maxList;
  deferred = tasks;
  try {
    return fn();
  } finally {
    listCap = Infinity;
    deferred = null;
  }
}

function walkElement(t: ListTask, i: number): void {
  const x = t.arr[i];
  if (typeof x === 'string' && x.length > MAX_REQUEST_TEXT && listCap !== Infinity) tooLongText(t.key, x.length);
  t.arr[i] = walk(x, t.element, t.xml, t.d + 1, undefined, t.max);
}

/**
 * shape as steps (steps.ts): the same result and refusals, but each list longer than LIST_SLICE is
 * shaped LIST_SLICE elements a step, after the rest of the value (so its problems are found after
 * those of the other fields).
 */
export function* shapeSteps(value: unknown, schema: z.ZodType | undefined, xml: boolean, maxDepth = SHAPE_MAX_DEPTH, depth = 0, maxList = Infinity): Steps<unknown> {
  const tasks: ListTask[] = [];
  const out = withState(maxList, tasks, () => walk(value, schema ? core(schema) : undefined, xml, depth, undefined, maxDepth));
  while (tasks.length > 0) {
    yield;
    const t = tasks[0]!;
    withState(maxList, tasks, () => {
      const end = Math.min(t.arr.length, t.next + LIST_SLICE);
      for (let i = t.next; i < end; i++) walkElement(t, i);
      t.next = end;
    });
    if (t.next >= t.arr.length) tasks.shift();
  }
  return out;
}

function tooLong(key: string | undefined, length: number): never {
  const field = key ?? 'a list';
  throw invalid(`${field} has ${length} entries; a request may send at most ${listCap}. Send the rest in another call.`, [
    { field: key ?? '', message: `must contain at most ${listCap} entries; got ${length}` },
  ]);
}

/**
 * Unknown fields one object of a request may name before it is refused whole: zod lists every
 * unknown key, and 100,000 of them cost it over a second and a 7 MB answer.
 */
export const MAX_UNKNOWN_FIELDS = 100;

function tooManyUnknown(obj: Record<string, unknown>, fields: Map<string, Core>, key: string | undefined): never {
  const keys = Object.keys(obj);
  const listed: string[] = [];
  let count = 0;
  for (const k of keys) {
    if (fields.has(k)) continue;
    if (++count <= MAX_UNKNOWN_FIELDS) listed.push(key === undefined ? k : `${key}.${k}`);
  }
  const clip = (k: string) => (k.length > 100 ? `${k.slice(0, 100)}…` : k);
  throw invalid(
    `${count} fields are not known (${listed.slice(0, 3).map(clip).join(', ')}, …); check the spelling. details lists the first ${MAX_UNKNOWN_FIELDS}.`,
    listed.map((k) => ({ field: clip(k), message: 'is not a known field; check the spelling' })),
  );
}

/**
 * Refuses a request's parameter object with far more keys than its schema has, before anything
 * copies it (spreading 100,000 keys costs more than all the rest of the request).
 */
export function checkParamCount(obj: Record<string, unknown>, schema: z.ZodType): void {
  const c = core(schema);
  if (c.kind !== 'object' || !c.strict) return;
  let n = 0;
  for (const k in obj) if (Object.prototype.hasOwnProperty.call(obj, k) && ++n > c.fields!.size + MAX_UNKNOWN_FIELDS + 2) return tooManyUnknown(obj, c.fields!, undefined);
}

/**
 * Longest text a request may carry in any one value (no field takes more than 10,000 characters).
 * A longer one is refused here, before zod counts its code points and a pattern scans it.
 */
export const MAX_REQUEST_TEXT = 20_000;

/**
 * The same refusal from a reader that stopped counting at the limit (the JSON pre-scan, the XML
 * reader decoding references): the value is known to be longer, not how much longer.
 */
export function textOverLimit(key: string | undefined): never {
  throw invalid(`${key ?? 'A value'} is longer than ${MAX_REQUEST_TEXT} characters; no field takes more than 10000.`, [
    { field: key ?? '', message: `is longer than ${MAX_REQUEST_TEXT} characters; no field takes more than 10000` },
  ]);
}

function tooLongText(key: string | undefined, length: number): never {
  throw invalid(`${key ?? 'A value'} is ${length} characters long; no field takes more than 10000.`, [
    { field: key ?? '', message: `is ${length} characters long; no field takes more than 10000` },
  ]);
}

/** Custom fields one request may carry. */
export const MAX_CUSTOM_FIELDS = 1000;

function walk(value: unknown, c: Core | undefined, xml: boolean, depth: number, key: string | undefined, max: number): unknown {
  if (c === undefined || c.kind === 'other') {
    guard(value, xml, depth, max);
    return value;
  }
  switch (c.kind) {
    case 'number':
      if (typeof value === 'string') {
        const t = value.trim();
        if (t === '') return xml ? undefined : value;
        return NUMERIC.test(t) ? Number(t) : value;
      }
      guard(value, xml, depth, max);
      return value;
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        if (xml && value === '') return {};
        guard(value, xml, depth, max);
        return value;
      }
      if (depth >= max) tooDeep(xml, max);
      const obj = value as Record<string, unknown>;
      const fields = c.fields!;
      let unknown = 0;
      for (const k of Object.keys(obj)) {
        const fc = fields.get(k);
        if (fc === undefined) {
          if (RESERVED_NAMES.has(k)) reserved(k);
          if (c.strict && listCap !== Infinity && ++unknown > MAX_UNKNOWN_FIELDS) tooManyUnknown(obj, fields, key);
          if (xml && k === XML_TEXT) throw malformed('XML has text between the fields of an element; put every value inside its own field element.');
        }
        const v = obj[k];
        if (typeof v === 'string' && v.length > MAX_REQUEST_TEXT && listCap !== Infinity) tooLongText(k, v.length);
        // Most fields are scalars that need nothing: skip the call (a 200-line order has a thousand).
        if (typeof v !== 'object' && (typeof v !== 'string' || fc === undefined || fc.kind === 'other')) continue;
        const out = walk(v, fc, xml, depth + 1, k, max);
        if (out !== v) obj[k] = out;
      }
      return obj;
    }
    case 'array': {
      if (value === '' || value === null) return xml ? [] : value;
      // Text (JSON `"tags": "a, b"`, XML text in a list element) and numbers are the list schema's to read.
      if (typeof value !== 'object') return value;
      if (depth >= max) tooDeep(xml, max);
      let items: unknown = value;
      let d = depth;
      if (!Array.isArray(value)) {
        // A container element (XML) or a wrapper object (lenient JSON: `{"item": [...]}`, or
        // `{"item": {...}}` when it is named as the list's child) holding the repeated child.
        const keys = Object.keys(value);
        if (keys.length === 1) {
          const only = keys[0]!;
          if (RESERVED_NAMES.has(only)) reserved(only);
          const inner = (value as Record<string, unknown>)[only];
          if (xml || Array.isArray(inner) || (key !== undefined && only === listChild(key))) {
            items = inner;
            d++;
          }
        }
      }
      const arr = Array.isArray(items) ? items : [items];
      if (arr.length > listCap) tooLong(key, arr.length);
      const task: ListTask = { arr, element: c.element!, xml, d, max, key, next: 0 };
      if (deferred !== null && arr.length > LIST_SLICE) {
        deferred.push(task);
        return arr;
      }
      for (let i = 0; i < arr.length; i++) walkElement(task, i);
      return arr;
    }
    case 'record': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        if (xml && value === '') return {};
        guard(value, xml, depth, max);
        return value;
      }
      if (depth >= max) tooDeep(xml, max);
      const obj = value as Record<string, unknown>;
      const keys = Object.keys(obj);
      if (listCap !== Infinity && keys.length > MAX_CUSTOM_FIELDS) {
        throw invalid(`${key ?? 'custom_fields'} has ${keys.length} fields; a request may send at most ${MAX_CUSTOM_FIELDS}.`, [
          { field: key ?? '', message: `must contain at most ${MAX_CUSTOM_FIELDS} fields; got ${keys.length}` },
        ]);
      }
      for (const k of keys) {
        if (RESERVED_NAMES.has(k)) reserved(k);
        if (xml && k === XML_TEXT) throw malformed('XML has text between the custom fields; put every value inside its own field element.');
        const v = obj[k];
        if (typeof v === 'string' && v.length > MAX_REQUEST_TEXT && listCap !== Infinity) tooLongText(`${key ?? 'custom_fields'}.${k}`, v.length);
        guard(v, xml, depth + 1, max);
        const out = customValue(v);
        if (out !== v) obj[k] = out;
      }
      return obj;
    }
  }
}
