/**
 * Field primitives shared by every method schema. Values arrive as strings from XML and as
 * strings or numbers from JSON; these schemas coerce them once, here, with messages a clerk can
 * act on. An empty value ("" or null) counts as absent for optional numbers, dates and codes.
 */
import { z } from 'zod';
import { fitsMax, fitsMin, INVALID, matches, withFast, type Fast } from './fast';

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
  const problemOf = (n: number) =>
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
                : null;
  const s = z.number({ error: msg(numberProblem('a number')) }).check(numberCheck(problemOf));
  return withFast(coerced(toNumber, s), () => fastNumber(toNumber, problemOf));
};

/** Twin of a coerced number leaf: zod's number type (finite) and then the check. */
const fastNumber = (coerce: (v: unknown) => unknown, problemOf: (n: number) => string | null): Fast => (v) => {
  const n = typeof v === 'number' ? v : coerce(v);
  if (typeof n !== 'number' || !Number.isFinite(n)) return INVALID;
  return problemOf(n) ? INVALID : n;
};

/** A whole number (ids, flags, codes). */
export const int = (opts: { min?: number; max?: number } = {}) => {
  const problemOf = (n: number) =>
      !Number.isSafeInteger(n)
        ? `must be a whole number, got ${n}`
        : opts.min !== undefined && n < opts.min
          ? `must be at least ${opts.min}`
          : opts.max !== undefined && n > opts.max
            ? `must be at most ${opts.max}`
            : null;
  const s = z.number({ error: msg(numberProblem('a whole number')) }).check(numberCheck(problemOf));
  return withFast(coerced(toInteger, s), () => fastNumber(toInteger, problemOf));
};

/** A record id: a positive whole number. */
export const id = () => int({ min: 1 });

/** A flag sent as 0/1 (documented as integer). */
export const flag = () => int({ min: 0, max: 1 });

/** One of a few whole numbers, e.g. finalize_order 0/1/2. */
export const intChoice = <const T extends readonly number[]>(values: T) => {
  const allowed = (n: number): n is T[number] => values.includes(n);
  return withFast(
    coerced(toInteger, z.number({ error: msg(() => `must be one of ${values.join(', ')}`) }).refine(allowed, `must be one of ${values.join(', ')}`)),
    () => fastNumber(toInteger, (n) => (allowed(n) ? null : 'not allowed')),
  ) as unknown as z.ZodType<T[number], unknown>;
};

/**
 * Characters no text field may hold, in either format (XML 1.0 cannot carry them at all, so a
 * JSON body must not store what its XML twin could never send): C0 controls other than tab, LF
 * and CR, and UTF-16 halves without their partner (lone surrogates).
 */
// eslint-disable-next-line no-control-regex -- matching exactly those characters is the point
const NOT_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `s` is not acceptable text, or null. */
export function textProblem(s: string): string | null {
  const m = NOT_TEXT.exec(s);
  if (!m) return null;
  const c = s.charCodeAt(m.index);
  const code = `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
  return c >= 0xd800
    ? `contains a lone surrogate (${code}) at character ${m.index + 1}; send the text as valid Unicode`
    : `contains the control character ${code} at character ${m.index + 1}; remove it (only tab, line feed and carriage return are allowed)`;
}

/** The zod check of textProblem. */
export const textCheck = (ctx: z.core.ParsePayload<string>) => {
  const problem = textProblem(ctx.value);
  if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
};

export const cleanText = (s: string) => !NOT_TEXT.test(s);

/** Text; required text must not be blank. */
const textCoerce = (v: unknown) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

export const text = (max = 1000) =>
  withFast(
    coerced(
      textCoerce,
      z
        .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
        .min(1, 'must not be empty')
        .max(max, `must be at most ${max} characters`)
        .check(textCheck),
    ),
    () => (v) => {
      const s = textCoerce(v);
      return typeof s === 'string' && fitsMin(s, 1) && fitsMax(s, max) && cleanText(s) ? s : INVALID;
    },
  );

/** Optional text: "" is kept (it clears a stored value on update). */
const optTextCoerce = (v: unknown) => (v === null ? undefined : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

export const optText = (max = 1000) =>
  withFast(
    z.preprocess(
      optTextCoerce,
      z
        .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
        .max(max, `must be at most ${max} characters`)
        .check(textCheck)
        .optional(),
    ),
    () => (v) => {
      const s = optTextCoerce(v);
      return s === undefined ? undefined : typeof s === 'string' && fitsMax(s, max) && cleanText(s) ? s : INVALID;
    },
  );

/** YYYY-MM-DD and a real calendar date (no 2026-02-30). */
const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const date = () =>
  withFast(
    coerced(
      trimmed,
      z
        .string({ error: msg(() => 'must be a date in the form YYYY-MM-DD') })
        // abort: a malformed date gets one message, and comparisons with other dates are skipped.
        .regex(DATE, { message: 'must be a date in the form YYYY-MM-DD', abort: true })
        .refine(isCalendarDate, { message: 'is not a real calendar date', abort: true }),
    ),
    () => (v) => {
      const s = trimmed(v);
      return typeof s === 'string' && matches(DATE, s) && isCalendarDate(s) ? s : INVALID;
    },
  );

export function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/** An ISO 8601 timestamp (for the mirroring extensions' `updated_since`). */
const isTimestamp = (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(s) && !Number.isNaN(Date.parse(s));

export const timestamp = () =>
  withFast(
    coerced(
      trimmed,
      z.string({ error: msg(() => 'must be a timestamp like 2026-11-22T08:30:00.000Z') }).refine(isTimestamp, {
        message: 'must be a timestamp like 2026-11-22T08:30:00.000Z',
      }),
    ),
    () => (v) => {
      const s = trimmed(v);
      return typeof s === 'string' && isTimestamp(s) ? s : INVALID;
    },
  );

/** A fixed vocabulary matched case-insensitively and returned in its canonical spelling. */
export const choice = <const T extends readonly string[]>(values: T, _what = 'value') => {
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  const coerce = (v: unknown) => (typeof v === 'string' ? (byLower.get(v.trim().toLowerCase()) ?? v) : v);
  const schema = z.enum(values as unknown as [T[number], ...T[number][]], {
    error: msg((v) => `must be one of ${values.join(', ')}; got ${describe(v)}`),
  });
  // zod's enum accepts exactly the members of its own value set.
  const members = (schema as unknown as { _zod: { values: Set<unknown> } })._zod.values;
  return withFast(coerced(coerce, schema), () => (v) => {
    const c = coerce(v);
    return members.has(c) ? c : INVALID;
  });
};

/** ISO 4217 currency code, upper-cased. */
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const CURRENCY = /^[A-Z]{3}$/;
const COUNTRY = /^[A-Z]{2}$/;
const fastCode = (re: RegExp) => (): Fast => (v) => {
  const s = upper(v);
  return typeof s === 'string' && matches(re, s) ? s : INVALID;
};

export const currency = () =>
  withFast(
    coerced(upper, z.string({ error: msg(() => 'must be a currency code like HUF or EUR') }).regex(CURRENCY, 'must be a three-letter ISO 4217 currency code like HUF or EUR')),
    fastCode(CURRENCY),
  );

/** ISO 3166-1 alpha-2 country code, upper-cased. */
export const country = () =>
  withFast(
    coerced(upper, z.string({ error: msg(() => 'must be a country code like HU') }).regex(COUNTRY, 'must be a two-letter ISO 3166-1 country code like HU or DE')),
    fastCode(COUNTRY),
  );

/** Text that must match a pattern (codes, numbers kept as text); a JSON number counts as its digits. */
export const pattern = (re: RegExp, message: string, max: number) =>
  withFast(
    coerced(
      textCoerce,
      z
        .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
        .max(max, `must be at most ${max} characters`)
        .regex(re, message),
    ),
    () => (v) => {
      const s = textCoerce(v);
      return typeof s === 'string' && fitsMax(s, max) && matches(re, s) ? s : INVALID;
    },
  );

/**
 * The GS1 check digit for the digits before it (GTIN-8, -12, -13, -14 alike): weights 3 and 1
 * alternate from the right, the digit tops the sum up to a multiple of ten.
 */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = body.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += (body.charCodeAt(i) - 48) * w;
  return (10 - (sum % 10)) % 10;
}

const GTIN_LENGTH = /^\d{8}$|^\d{12,14}$/;

/** Why a GTIN-length code is wrong, or null. Its last digit is the check digit of the others. */
export function gtinProblem(code: string): string | null {
  const expected = gtinCheckDigit(code.slice(0, -1));
  const given = code.charCodeAt(code.length - 1) - 48;
  return given === expected ? null : `has a wrong check digit: the last digit should be ${expected}, not ${given}`;
}

/**
 * An EAN/GTIN: 8, 12, 13 or 14 digits whose last digit is the GS1 check digit. A wrong check digit
 * is a mistyped or misread code, so it is refused rather than stored and synced.
 */
export const gtin = () =>
  withFast(
    coerced(
      textCoerce,
      z
        .string({ error: msg((v) => `must be text, got ${describe(v)}`) })
        .max(14, 'must be at most 14 characters')
        .regex(GTIN_LENGTH, 'must be 8, 12, 13 or 14 digits')
        .check((ctx) => {
          if (!GTIN_LENGTH.test(ctx.value)) return;
          const problem = gtinProblem(ctx.value);
          if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
        }),
    ),
    () => (v) => {
      const s = textCoerce(v);
      return typeof s === 'string' && matches(GTIN_LENGTH, s) && gtinProblem(s) === null ? s : INVALID;
    },
  );

/** Wraps a schema so "" and null mean "not given". */
export const opt = <T extends z.ZodType>(schema: T): z.ZodPreprocess<z.ZodOptional<T>> => {
  // Twin: blank is absent; anything else is the wrapped schema's (never undefined, so `.optional()` passes it on).
  const fast = (compile: (s: z.ZodType) => Fast): Fast => {
    const inner = compile(schema);
    return (v) => (isBlank(v) ? undefined : inner(v));
  };
  const parts = PARTS.get(schema);
  if (!parts) return withFast(z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional()), fast);
  // Same as the generic form (coerce never turns a non-blank value into undefined), one pipe less.
  const { coerce, leaf } = parts;
  return withFast(z.preprocess((v) => (isBlank(v) ? undefined : coerce(v)), leaf.optional()), fast) as unknown as z.ZodPreprocess<z.ZodOptional<T>>;
};

/** A list; a single element is accepted where a list is expected (XML with one child, lenient JSON). */
export const list = <T extends z.ZodType>(item: T, opts: { min?: number; max?: number; what?: string } = {}) => {
  let s = z.array(item, { error: msg(() => `must be a list${opts.what ? ` of ${opts.what}` : ''}`) });
  if (opts.min) s = s.min(opts.min, opts.min === 1 ? `must contain at least one ${opts.what ?? 'entry'}` : `must contain at least ${opts.min} entries`);
  if (opts.max) s = s.max(opts.max, `must contain at most ${opts.max} entries`);
  const coerce = (v: unknown) => (v === undefined || v === null || Array.isArray(v) ? v : v === '' ? [] : [v]);
  return withFast(coerced(coerce, s), (compile) => {
    const element = compile(item);
    return (v) => {
      const a = coerce(v);
      if (!Array.isArray(a)) return INVALID;
      if ((opts.min && a.length < opts.min) || (opts.max && a.length > opts.max)) return INVALID;
      const out = new Array<unknown>(a.length);
      for (let i = 0; i < a.length; i++) {
        const x = element(a[i]);
        if (x === INVALID) return INVALID;
        out[i] = x;
      }
      return out;
    };
  });
};

export const LOCALES = ['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES'] as const;
export type Locale = (typeof LOCALES)[number];
export const locale = () => choice(LOCALES, 'language');

export const INVOICE_CURRENCIES = ['HUF', 'EUR', 'USD', 'GBP'] as const;
export const PAYMENT_METHODS = ['transfer', 'cash', 'bankcard', 'cheque', 'other', 'c.o.d.', 'direct debit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The idempotency key of the set* extension (docs/api.md, "Idempotency"). */
export const requestId = () => opt(pattern(/^[A-Za-z0-9._:-]+$/, 'may contain only letters, digits and . _ : -', 64));
