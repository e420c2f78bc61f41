/**
 * The compiled fast path of parameter validation. zod's interpreter costs several times a bare
 * JSON.parse on a 200-line order (issue #2 allows 2×), so each method's parameter schema is also
 * compiled ONCE, on first use, into plain JS by zod's own `compileFn` (the generator behind
 * `z.compile`): straight-line type checks, the schema's own preprocess and check callbacks, and a
 * freshly built output. It only ever answers "valid, here is the value zod would return" or
 * `INVALID`; on `INVALID` (or if it throws) the caller runs the zod schema itself, so every error
 * code, message and `details` path comes from zod exactly as before. A schema the generator cannot
 * model makes it refuse, and that method simply stays on zod.
 *
 * The one construct our schemas use that the generator refuses is a root check with a custom
 * `when` (setInvoice's "items is required"): those are peeled off, the rest of the object is
 * compiled, and the peeled checks run on the compiled output the way zod's `runChecks` does on a
 * successful parse (consult `when`, call the check, any issue means `INVALID`).
 *
 * test/shared/protocol/compiled.test.ts runs both paths side by side over every fixture and sample
 * body of the protocol suites plus generated mutations, and asserts they agree exactly.
 */
import type { z } from 'zod';
import { compileFn, INVALID } from 'zod/v4/core';
import { METHODS, type MethodName } from './catalog';

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

/** Root checks zod's generator refuses (custom `when`), run as zod runs them after a clean parse. */
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

/** The compiled parser of a schema, or null where zod must do all the work. */
export function compileParser(schema: z.ZodType): FastParser | null {
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
