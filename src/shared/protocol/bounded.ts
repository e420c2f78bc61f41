/**
 * Validation that stops. zod checks every element of a list and reports every problem: 200,000
 * empty order lines cost it a second and produced 400,000 issues, and 10,000 bad lines still
 * held the event loop for over a second. When the compiled fast path says a request is invalid
 * and it carries long lists, this checks the rest of the request with zod as usual and each long
 * list element by element (the compiled twin first, zod only for an element that fails), and
 * stops after MAX_PROBLEMS problems. The problems found read exactly as zod words them.
 */
import type { z } from 'zod';
import { compileParser, INVALID, type FastParser } from './compiled';
import type { ErrorDetail } from './errors';
import { runSync, type Steps } from './steps';

/** Problems collected before validation stops. */
export const MAX_PROBLEMS = 100;
/** Lists up to this long are left to zod whole (their cost is bounded). */
const LONG_LIST = 20;
/** Elements checked between two yields (a 10,000-line order took 13–50 ms until the code was warm). */
const ELEMENTS_PER_STEP = 256;

interface ListSchema {
  element: z.ZodType;
  max: number | undefined;
  fast: FastParser | null;
}

interface Def {
  type: string;
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const listCache = new WeakMap<z.ZodType, ListSchema | null>();

/** The list inside a field schema (through preprocess and optional), or null if it is none. */
function listOf(field: z.ZodType): ListSchema | null {
  const hit = listCache.get(field);
  if (hit !== undefined) return hit;
  let s = field;
  let found: ListSchema | null = null;
  for (let guard = 0; guard < 10; guard++) {
    const def = defOf(s);
    if (def.type === 'pipe') s = defOf(def.out!).type === 'transform' ? def.in! : def.out!;
    else if (def.type === 'optional' || def.type === 'nullable') s = def.innerType!;
    else {
      if (def.type === 'array') {
        const max = def.checks?.find((c) => c._zod.def.check === 'max_length')?._zod.def.maximum;
        let fast: FastParser | null = null;
        try {
          fast = compileParser(def.element!);
        } catch {
          fast = null;
        }
        found = { element: def.element!, max, fast };
      }
      break;
    }
  }
  listCache.set(field, found);
  return found;
}

export interface BoundedOutcome {
  details: ErrorDetail[];
  /** Whether validation stopped at MAX_PROBLEMS with elements left unchecked. */
  stopped: boolean;
}

const joinPath = (base: string, sub: string) => (sub === '' ? base : sub.startsWith('[') ? base + sub : `${base}.${sub}`);

/**
 * Validates `raw` against an object schema with its long lists checked element by element, or
 * returns null when it has no long list (zod's whole answer is then cheap and exact).
 * An outcome without details means every checked part is valid: the caller asks zod about the whole.
 */
export function boundedValidation(
  schema: z.ZodType,
  raw: Record<string, unknown>,
  toDetails: (e: z.ZodError) => ErrorDetail[],
): BoundedOutcome | null {
  return runSync(boundedValidationSteps(schema, raw, toDetails));
}

/** boundedValidation as steps (steps.ts), a few hundred list elements each. */
export function* boundedValidationSteps(
  schema: z.ZodType,
  raw: Record<string, unknown>,
  toDetails: (e: z.ZodError) => ErrorDetail[],
): Steps<BoundedOutcome | null> {
  const shape = defOf(schema).shape;
  if (!shape) return null;
  const long: Array<[string, unknown[], ListSchema]> = [];
  for (const key of Object.keys(raw)) {
    const v = raw[key];
    if (!Array.isArray(v) || v.length <= LONG_LIST || !Object.prototype.hasOwnProperty.call(shape, key)) continue;
    const list = listOf(shape[key]!);
    if (list) long.push([key, v, list]);
  }
  if (long.length === 0) return null;
  // The rest of the request, with each long list left out of zod's sight (empty lists may break
  // a minimum: those issues, and any under the list, are the element loop's to report).
  const rest = { ...raw };
  for (const [key] of long) rest[key] = [];
  const r = schema.safeParse(rest);
  const details = r.success ? [] : toDetails(r.error).filter((d) => !long.some(([key]) => d.field === key || d.field.startsWith(`${key}[`) || d.field.startsWith(`${key}.`)));
  let stopped = false;
  for (const [key, arr, list] of long) {
    if (list.max !== undefined && arr.length > list.max) {
      details.push({ field: key, message: `must contain at most ${list.max} entries` });
      continue;
    }
    for (let i = 0; i < arr.length; i++) {
      if (details.length >= MAX_PROBLEMS) {
        stopped = true;
        break;
      }
      if (i % ELEMENTS_PER_STEP === ELEMENTS_PER_STEP - 1) yield;
      const x = arr[i];
      if (list.fast) {
        try {
          if (list.fast(x) !== INVALID) continue;
        } catch {
          // zod decides below.
        }
      }
      const e = list.element.safeParse(x);
      if (!e.success) for (const d of toDetails(e.error)) details.push({ field: joinPath(`${key}[${i}]`, d.field), message: d.message });
    }
    if (stopped) break;
  }
  return { details, stopped };
}
