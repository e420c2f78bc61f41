/**
 * Plain-JS twins of the field primitives (fields.ts, schemas/common.ts), for the compiled
 * validator (compiled.ts). Each primitive registers, beside its zod schema, a function that
 * accepts exactly the values that schema accepts and returns exactly what zod would return, or
 * INVALID, using the same coercion closures, patterns and limits. They decide only success: on
 * INVALID the zod schema runs and explains. Equivalence is tested by test/shared/protocol/compiled.test.ts.
 */
import type { z } from 'zod';
import { INVALID, util } from 'zod/v4/core';

export { INVALID };
export type Fast = (v: unknown) => unknown;
/** Gets the compiled form of a child schema (for lists and other containers). */
export type Builder = (compile: (s: z.ZodType) => Fast) => Fast;

const FAST = new WeakMap<z.ZodType, Builder>();

/** Registers the twin of `schema` and returns the schema. */
export function withFast<T extends z.ZodType>(schema: T, build: Builder): T {
  FAST.set(schema, build);
  return schema;
}

export const fastOf = (schema: z.ZodType): Builder | undefined => FAST.get(schema);

/** zod's string length checks count code points, not UTF-16 units. */
// A code point is at most two UTF-16 units: past twice the limit the count is not needed (it walks the whole string).
export const fitsMax = (s: string, max: number) => s.length <= max || (s.length <= 2 * max && util.codePointLength(s) <= max);
export const fitsMin = (s: string, min: number) => s.length >= min * 2 || util.codePointLength(s) >= min;
export const isPlainObject = (v: unknown): v is Record<PropertyKey, unknown> => util.isPlainObject(v);

/** zod's regex check: reset, then test. */
export function matches(re: RegExp, s: string): boolean {
  re.lastIndex = 0;
  return re.test(s);
}
