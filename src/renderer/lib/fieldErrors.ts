/**
 * Field errors of the billing forms in the clerk's language: each schema or server message as a
 * sentence of the one vocabulary (messages.ts, `billing:validation.*` with its numbers carried
 * over). A phrase we do not know is shown as it came, never dropped.
 */
import type { z } from 'zod';
import { translateMessage, type Translate } from './messages';

type T = Translate;

/** The clerk's-language sentence of one schema or server message (the one vocabulary, messages.ts). */
const sentence = (message: string, t: T) => translateMessage(t, message, 'sentence');

/** "items[2].quantity" (server detail) or ["items", 2, "quantity"] (zod path) → "items.2.quantity". */
export function formPath(field: string | readonly PropertyKey[]): string {
  if (typeof field !== 'string') return field.map(String).join('.');
  return field.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
}

export interface FieldError {
  path: string;
  message: string;
}

/** Every issue of a failed parse, first one per field, in the clerk's language. */
export function issuesToFieldErrors(error: z.ZodError, t: T, rename: (path: string) => string = (p) => p): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = rename(formPath(issue.path));
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: sentence(issue.message, t) });
  }
  return out;
}

/** Server (or core) error details, same treatment. */
export function detailsToFieldErrors(details: Array<{ field: string; message: string }>, t: T, rename: (path: string) => string = (p) => p): FieldError[] {
  return details.map((d) => ({ path: rename(formPath(d.field)), message: sentence(d.message, t) }));
}
