/**
 * The compiled fast path of parameter validation (docs/api.md, "Validation speed"). zod's
 * interpreter costs several times a bare JSON.parse on a 200-line order (issue #2 allows 2×), so
 * each method's parameter schema is also compiled ONCE, on first use, into plain JS that only ever
 * answers "valid, here is exactly the value zod would return" or INVALID. On INVALID, or if it
 * throws, `validateParams` runs the zod schema itself, so every error code, message and `details`
 * path comes from zod exactly as before.
 *
 * Two compilers, tried in order: ours (`build`): objects and optionals from the zod tree, with
 * zod's rules for absent, present and unknown keys, as generated straight-line code; leaves and
 * lists through the twins the field primitives register (fast.ts); object refinements through
 * zod's own check functions. Anything else is Unsupported, and the method goes to zod's generator
 * (`compileFn`, behind `z.compile`), with a root check it refuses (a custom `when`) peeled off and
 * run the same way; if that refuses too, the method stays on zod.
 *
 * test/shared/protocol/compiled.test.ts runs both paths side by side over every parameter object
 * the protocol suites decode plus generated mutations, and asserts they agree exactly.
 */
import type { z } from 'zod';
import { compileFn, INVALID } from 'zod/v4/core';
import { METHODS, type MethodName } from './catalog';
import { fastOf } from './fast';

export { INVALID };
export type FastParser = (input: unknown) => unknown;

interface Payload {
  value: unknown;
  issues: unknown[];
}
interface Check {
  _zod: { def: { when?: (p: Payload) => boolean }; check: (p: Payload) => unknown };
}
interface Internals {
  _zod: { def: { type: string; checks?: Check[] } };
  clone(def: object): z.ZodType;
}

const internals = (s: z.ZodType) => s as unknown as Internals;

/** An object's own checks (refinements), run as zod's runChecks runs them after a clean parse. */
function withRootChecks(body: FastParser, checks: readonly Check[]): FastParser {
  return (input) => {
    const value = body(input);
    if (value === INVALID) return INVALID;
    const payload: Payload = { value, issues: [] };
    for (const ch of checks) {
      const when = ch._zod.def.when;
      if (when && !when(payload)) continue;
      const r = ch._zod.check(payload);
      // An async check throws in zod's sync parse; zod gets to do that itself.
      if (r instanceof Promise || payload.issues.length !== 0) return INVALID;
    }
    return payload.value;
  };
}

class Unsupported extends Error {}

interface Node {
  _zod: {
    def: { type: string; checks?: Check[]; innerType?: Node; shape?: Record<string, Node>; catchall?: Node };
    traits: Set<string>;
    optin?: string;
    optout?: string;
  };
}

/**
 * Our own compiler: the field primitives' registered twins (fast.ts) for leaves and lists, and
 * objects and optionals from the zod tree with zod's own rules for absent, present and unknown
 * keys. Anything else throws Unsupported and the method falls back to zod's generator.
 */
function build(schema: z.ZodType): FastParser {
  const twin = fastOf(schema);
  if (twin) return twin(build);
  const { def, traits } = (schema as unknown as Node)._zod;
  if (traits.has('$ZodCheck')) throw new Unsupported('a schema that is its own check');
  let body: FastParser;
  if (def.type === 'object') body = objectParser(schema as unknown as Node);
  else if (def.type === 'optional' && def.innerType!._zod.optin !== 'defaulted') {
    const inner = build(def.innerType as unknown as z.ZodType);
    body = (v) => (v === undefined ? undefined : inner(v));
  } else throw new Unsupported(def.type);
  return def.checks?.length ? withRootChecks(body, def.checks) : body;
}

function objectParser(schema: Node): FastParser {
  const { shape = {}, catchall } = schema._zod.def;
  const c = catchall?._zod.def;
  if (c && (c.type !== 'never' || c.checks?.length)) throw new Unsupported('a catchall');
  if (Object.getOwnPropertySymbols(shape).length) throw new Unsupported('symbol keys');
  const strict = c !== undefined;
  const keySet = new Set(Object.keys(shape));
  const fields: Field[] = Object.keys(shape)
    .filter((key) => key !== '__proto__')
    .map((key) => {
      const z_ = shape[key]!._zod;
      if (z_.optin === 'defaulted') throw new Unsupported('defaults');
      return { key, parse: build(shape[key] as unknown as z.ZodType), skipAbsent: z_.optin === 'optional' && z_.optout === 'optional', required: z_.optin === undefined };
    });
  try {
    return generated(fields, strict);
  } catch {
    // No code generation here (a content security policy): the same rules, interpreted.
  }
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return INVALID;
    const obj = input as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      const present = f.key in obj;
      // zod's handlePropertyResult: an absent optional-in/out key contributes nothing at all.
      if (!present && f.skipAbsent) continue;
      const r = f.parse(obj[f.key]);
      if (r === INVALID || (!present && f.required)) return INVALID;
      if (r !== undefined || present) out[f.key] = r;
    }
    if (strict) for (const k in obj) if (!keySet.has(k)) return INVALID;
    return out;
  };
}

interface Field {
  key: string;
  parse: FastParser;
  skipAbsent: boolean;
  required: boolean;
}

/**
 * The interpreted loop above as straight-line code with constant keys: the engine then reads and
 * writes every field through its own inline cache instead of one megamorphic keyed access.
 */
function generated(fields: Field[], strict: boolean): FastParser {
  const lines = [
    `if (typeof input !== 'object' || input === null || Array.isArray(input)) return INVALID;`,
    'const out = {};',
    'let p, r;',
  ];
  fields.forEach((f, i) => {
    const k = JSON.stringify(f.key);
    lines.push(`p = ${k} in input;`);
    if (f.skipAbsent) lines.push(`if (p) { r = f${i}(input[${k}]); if (r === INVALID) return INVALID; out[${k}] = r; }`);
    else {
      lines.push(`r = f${i}(input[${k}]);`, `if (r === INVALID${f.required ? ' || !p' : ''}) return INVALID;`, `if (r !== undefined || p) out[${k}] = r;`);
    }
  });
  if (strict) {
    const known = fields.map((f) => `k !== ${JSON.stringify(f.key)}`).join(' && ') || 'true';
    lines.push(`for (const k in input) if (${known}) return INVALID;`);
  }
  lines.push('return out;');
  const names = fields.map((_, i) => `f${i}`);
  const factory = new Function('INVALID', ...names, `return function (input) {\n${lines.join('\n')}\n};`) as (...a: unknown[]) => FastParser;
  return factory(INVALID, ...fields.map((f) => f.parse));
}

/** The compiled parser of a schema, or null where zod must do all the work. */
export function compileParser(schema: z.ZodType): FastParser | null {
  try {
    return build(schema);
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  return compileWithZod(schema);
}

/** zod's own generator, for schemas with constructs our compiler leaves alone. */
export function compileWithZod(schema: z.ZodType): FastParser | null {
  try {
    return compileFn(schema) as FastParser;
  } catch {
    // Refused: retry without the root's own checks, if that is what the generator could not model.
  }
  const { def } = internals(schema)._zod;
  if (def.type !== 'object' || !def.checks?.length) return null;
  try {
    const bare = internals(schema).clone({ ...def, checks: [] });
    return withRootChecks(compileFn(bare) as FastParser, def.checks);
  } catch {
    return null;
  }
}

const parsers = new Map<MethodName, FastParser | null>();

/** The method's compiled parameter parser (built on first use), or null when it has none. */
export function paramsParser(method: MethodName): FastParser | null {
  let p = parsers.get(method);
  if (p === undefined) {
    p = compileParser(METHODS[method].params);
    parsers.set(method, p);
  }
  return p;
}

/** Runs the fast path; `INVALID` means "ask zod" (invalid input, or anything unexpected). */
export function fastParams(method: MethodName, raw: Record<string, unknown>): unknown {
  const p = paramsParser(method);
  if (!p) return INVALID;
  try {
    return p(raw);
  } catch {
    return INVALID;
  }
}

/**
 * Test hook: when set, `validateParams` hands every raw parameter object here first, so a test can
 * run both paths over whole existing suites. Never set in production code.
 */
export let paramsAudit: ((method: MethodName, raw: Record<string, unknown>) => void) | null = null;
export function setParamsAudit(fn: typeof paramsAudit): void {
  paramsAudit = fn;
}
