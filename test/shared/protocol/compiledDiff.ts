/**
 * Side-by-side comparison of the compiled parameter parser and the zod schema (src/shared/protocol/compiled.ts).
 * Both run on their own deep copy of the same raw parameters; they agree when zod succeeds and
 * the fast path returns a structurally identical value (same keys in the same order, same
 * undefined-valued keys, same numbers by Object.is, no object shared with the input), or when zod
 * fails and the fast path answers INVALID. A throw must happen on both sides.
 */
import { METHODS, type MethodName } from '@shared/protocol';
import { INVALID, paramsParser } from '@shared/protocol/compiled';

type Outcome = { kind: 'ok'; value: unknown } | { kind: 'invalid' } | { kind: 'throw'; message: string };

const show = (v: unknown) => {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || v === undefined || typeof v === 'symbol') return String(v);
  return JSON.stringify(v)?.slice(0, 80) ?? String(v);
};

/** The first structural difference between a and b, or null. */
export function difference(a: unknown, b: unknown, path = '$'): string | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return `${path}: ${show(a)} ≠ ${show(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: different prototypes`;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return `${path}: keys [${ka.map(String).join(',')}] ≠ [${kb.map(String).join(',')}]`;
  for (const k of ka) {
    const d = difference((a as Record<PropertyKey, unknown>)[k], (b as Record<PropertyKey, unknown>)[k], `${path}.${String(k)}`);
    if (d) return d;
  }
  return null;
}

function objectsOf(v: unknown, out = new Set<object>()): Set<object> {
  if (typeof v === 'object' && v !== null && !out.has(v)) {
    out.add(v);
    for (const x of Object.values(v)) objectsOf(x, out);
  }
  return out;
}

function run(fn: () => unknown): Outcome {
  try {
    const v = fn();
    return v === INVALID ? { kind: 'invalid' } : { kind: 'ok', value: v };
  } catch (e) {
    return { kind: 'throw', message: (e as Error).message };
  }
}

/** Null when both paths agree on `raw`, else what differs. */
export function compareParams(method: MethodName, raw: unknown): string | null {
  const parser = paramsParser(method);
  if (!parser) return `${method}: no compiled parser`;
  const forZod = structuredClone(raw);
  const forFast = structuredClone(raw);
  const zod = run(() => {
    const r = METHODS[method].params.safeParse(forZod);
    return r.success ? r.data : INVALID;
  });
  const fast = run(() => parser(forFast));
  const input = show(raw);
  if (zod.kind !== fast.kind) return `${method}: zod ${zod.kind}, compiled ${fast.kind} for ${input}`;
  const touched = difference(forFast, raw);
  if (touched) return `${method}: the compiled path changed its input at ${touched}`;
  if (zod.kind === 'ok' && fast.kind === 'ok') {
    const d = difference(zod.value, fast.value);
    if (d) return `${method}: outputs differ at ${d} for ${input}`;
    const inputs = objectsOf(forFast);
    if ([...objectsOf(fast.value)].some((o) => inputs.has(o))) return `${method}: the compiled output shares an object with its input`;
  }
  if (zod.kind === 'throw' && fast.kind === 'throw' && zod.message !== fast.message) return `${method}: different throws`;
  return null;
}
