/**
 * Field primitives shared by every method schema. Values arrive as strings from XML and as
 * strings or numbers from JSON; these schemas coerce them once, here, with messages a clerk can
 * act on. An empty value ("" or null) counts as absent for optional numbers, dates and codes.
 */
import { z } from 'zod';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

function toNumber(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    return NUMERIC.test(t) ? Number(t) : v;
  }
  return v;
}

function toInteger(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    return INTEGER.test(t) ? Number(t) : NUMERIC.test(t) ? Number(t) : v;
  }
  return v;
}

/**
 * A coercing field is `preprocess(coerce, leaf)`. Its parts are remembered so that `opt()` can
 * build a single preprocess that maps blanks to undefined and coerces everything else, instead of
 * a pipe around a pipe: the same values, checked by the same leaf, at a fraction of zod's cost
 * per field (a 200-line order has a thousand of them).
 */
interface Parts {
  coerce: (v: unknown) => unknown;
  leaf: z.ZodType;
}
const PARTS = new WeakMap<z.ZodType, Parts>();

function coerced<T extends z.ZodType>(coerce: (v: unknown) => unknown, leaf: T) {
  const s = z.preprocess(coerce, leaf);
  PARTS.set(s, { coerce, leaf });
  return s;
}

/** A check on a number leaf: one call per value, cheaper in zod 4 than superRefine's context. */
const numberCheck = (problemOf: (n: number) => string | null) => (ctx: z.core.ParsePayload<number>) => {
  const problem = problemOf(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
};

/** zod error callback: "is required" for a missing value, else the given message. */
const msg = (text: (input: unknown) => string) => (i: { input?: unknown }) =>
  i.input === undefined ? 'is required' : text(i.input);

/** The offending value as a clerk would recognise it. */
export const describe = (v: unknown) =>
  typeof v === 'string'
    ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"`
    : Array.isArray(v)
      ? 'a list'
      : typeof v === 'object' && v !== null
        ? 'a group of fields'
        : String(v);

/** zod rejects NaN and ±Infinity as "not a number"; say what is actually wrong. */
const numberProblem = (what: string) => (v: unknown) =>
  typeof v === 'number' ? 'must be a finite number' : `must be ${what}, got ${describe(v)}`;

/** A finite decimal number. */
export const num = (opts: { min?: number; max?: number; nonZero?: boolean; positive?: boolean } = {}) => {
  const s = z.number({ error: msg(numberProblem('a number')) }).check(
    numberCheck((n) =>
      !Number.isFinite(n)
        ? 'must be a finite number'
        : opts.min !== undefined && n < opts.min
          ? `must be at least ${opts.min}`
          : opts.max !== undefined && n > opts.max
            ? `must be at most ${opts.max}`
            : opts.nonZero && n === 0
              ? 'must not be zero'
              : opts.positive && n <= 0
                ? 'must be greater than 0'
                : null,
    ),
  );
  return coerced(toNumber, s);
};

/** A whole number (ids, flags, codes). */
export const int = (opts: { min?: number; max?: number } = {}) => {
  const s = z.number({ error: msg(numberProblem('a whole number')) }).check(
    numberCheck((n) =>
      !Number.isSafeInteger(n)
        ? `must be a whole number, got ${n}`
        : opts.min !== undefined && n < opts.min
          ? `must be at least ${opts.min}`
          : opts.max !== undefined && n > opts.max
            ? `must be at most ${opts.max}`
            : null,
    ),
  );
  return coerced(toInteger, s);
};

/** A record id: a positive whole number. */
export const id = () => int({ min: 1 });

/** A flag sent as 0/1 (documented as integer). */
export const flag = () => int({ min: 0, max: 1 });

/** One of a few whole numbers, e.g. finalize_order 0/1/2. */
export const intChoice = <const T extends readonly number[]>(values: T) =>
  coerced(
    toInteger,
    z.number({ error: msg(() => `must be one of ${values.join(', ')}`) }).refine(
      (n): n is T[number] => values.includes(n),
      `must be one of ${values.join(', ')}`,
    ),
  ) as unknown as z.ZodType<T[number], unknown>;

/** Text; required text must not be blank. */
export const text = (max = 1000) =>
  coerced(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
      .min(1, 'must not be empty')
      .max(max, `must be at most ${max} characters`),
  );

/** Optional text: "" is kept (it clears a stored value on update). */
export const optText = (max = 1000) =>
  z.preprocess(
    (v) => (v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
      .max(max, `must be at most ${max} characters`)
      .optional(),
  );

/** YYYY-MM-DD and a real calendar date (no 2026-02-30). */
export const date = () =>
  coerced(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg(() => 'must be a date in the form YYYY-MM-DD') })
      // abort: a malformed date gets one message, and comparisons with other dates are skipped.
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date in the form YYYY-MM-DD', abort: true })
      .refine(isCalendarDate, { message: 'is not a real calendar date', abort: true }),
  );

export function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** An ISO 8601 timestamp (for the mirroring extensions' `updated_since`). */
export const timestamp = () =>
  coerced(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg(() => 'must be a timestamp like 2026-11-22T08:30:00.000Z') })
      .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), {
        message: 'must be a timestamp like 2026-11-22T08:30:00.000Z',
      }),
  );

/** A fixed vocabulary matched case-insensitively and returned in its canonical spelling. */
export const choice = <const T extends readonly string[]>(values: T, _what = 'value') => {
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  return coerced(
    (v) => (typeof v === 'string' ? (byLower.get(v.trim().toLowerCase()) ?? v) : v),
    z.enum(values as unknown as [T[number], ...T[number][]], {
      error: msg((v) => `must be one of ${values.join(', ')}; got ${describe(v)}`),
    }),
  );
};

/** ISO 4217 currency code, upper-cased. */
export const currency = () =>
  coerced(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: msg(() => 'must be a currency code like HUF or EUR') }).regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 currency code like HUF or EUR'),
  );

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const country = () =>
  coerced(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.string({ error: msg(() => 'must be a country code like HU') }).regex(/^[A-Z]{2}$/, 'must be a two-letter ISO 3166-1 country code like HU or DE'),
  );

/** Text that must match a pattern (codes, numbers kept as text); a JSON number counts as its digits. */
export const pattern = (re: RegExp, message: string, max: number) =>
  coerced(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
      .max(max, `must be at most ${max} characters`)
      .regex(re, message),
  );

/** Wraps a schema so "" and null mean "not given". */
export const opt = <T extends z.ZodType>(schema: T): z.ZodPreprocess<z.ZodOptional<T>> => {
  const parts = PARTS.get(schema);
  if (!parts) return z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());
  // Same as the generic form (coerce never turns a non-blank value into undefined), one pipe less.
  const { coerce, leaf } = parts;
  return z.preprocess((v) => (isBlank(v) ? undefined : coerce(v)), leaf.optional()) as unknown as z.ZodPreprocess<z.ZodOptional<T>>;
};

/** A list; a single element is accepted where a list is expected (XML with one child, lenient JSON). */
export const list = <T extends z.ZodType>(item: T, opts: { min?: number; max?: number; what?: string } = {}) => {
  let s = z.array(item, { error: msg(() => `must be a list${opts.what ? ` of ${opts.what}` : ''}`) });
  if (opts.min) s = s.min(opts.min, opts.min === 1 ? `must contain at least one ${opts.what ?? 'entry'}` : `must contain at least ${opts.min} entries`);
  if (opts.max) s = s.max(opts.max, `must contain at most ${opts.max} entries`);
  return coerced((v) => (v === undefined || v === null || Array.isArray(v) ? v : v === '' ? [] : [v]), s);
};

export const LOCALES = ['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES'] as const;
export type Locale = (typeof LOCALES)[number];
export const locale = () => choice(LOCALES, 'language');

export const INVOICE_CURRENCIES = ['HUF', 'EUR', 'USD', 'GBP'] as const;
export const PAYMENT_METHODS = ['transfer', 'cash', 'bankcard', 'cheque', 'other', 'c.o.d.', 'direct debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The idempotency key of the set* extension (docs/api.md, "Idempotency"). */
export const requestId = () => opt(pattern(/^[A-Za-z0-9._:-]+$/, 'may contain only letters, digits and . _ : -', 64));
