/**
 * react-hook-form resolvers built from the shared protocol schemas: the form is mapped to the
 * method's parameters and judged by exactly the schema the server will apply, then each issue is
 * put back on its input in the clerk's language. `extra` adds the few business rules the server
 * checks that a schema cannot (a list price in another currency, say), with the server's wording.
 */
import { toNestErrors } from '@hookform/resolvers';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { issuesToFieldErrors, type FieldError } from './fieldErrors';
import { translateMessage } from './messages';

export type LooseT = (key: string, vars?: Record<string, unknown>) => string;

export interface RawProblem {
  path: string;
  /** English, in the schema's/server's vocabulary; translated here. */
  message: string;
}

export function sharedSchemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toParams: (v: V) => Record<string, unknown>,
  t: LooseT,
  extra?: (v: V) => RawProblem[],
): Resolver<V> {
  return async (values, _context, options) => {
    const parsed = schema.safeParse(toParams(values));
    const errors: FieldError[] = parsed.success ? [] : issuesToFieldErrors(parsed.error, t);
    for (const p of extra?.(values) ?? []) errors.push({ path: p.path, message: translateMessage(t, p.message, 'sentence') });
    if (errors.length === 0) return { values, errors: {} };
    return { values: {}, errors: toNestErrors<V>(flatten(errors), options) };
  };
}

function flatten(errors: FieldError[]): FieldErrors {
  const flat: FieldErrors = {};
  for (const e of errors) {
    // Custom fields are edited as rows; the schema names them by key.
    const path = e.path.startsWith('custom_fields.') ? 'custom_fields' : e.path;
    if (!flat[path]) flat[path] = { type: 'schema', message: e.message };
  }
  return flat;
}

/**
 * Errors on values the form does not show as an input (an order reference, say) would otherwise
 * block the submit silently; these are listed in the form's general notice instead.
 */
export function unshownErrors(errors: FieldErrors, form: HTMLElement | null, shown: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    const rec = node as Record<string, unknown>;
    if (typeof rec.message === 'string' && typeof rec.type === 'string') {
      const visible = shown.includes(path) || form?.querySelector(`[name="${path}"]`);
      if (!visible) out.push(`${path}: ${rec.message}`);
      return;
    }
    for (const [k, v] of Object.entries(rec)) if (k !== 'ref' && k !== 'root') walk(v, path ? `${path}.${k}` : k);
  };
  walk(errors, '');
  return out;
}
