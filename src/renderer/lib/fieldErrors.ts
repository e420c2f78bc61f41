/**
 * Validation messages in the clerk's language. The shared schemas (and the server, which runs the
 * same schemas) speak English with a fixed vocabulary; each phrase maps to a `billing:validation.*`
 * key with its numbers carried over. A phrase we do not know is shown as it came, never dropped.
 */
import type { z } from 'zod';

type T = (key: string, vars?: Record<string, unknown>) => string;

interface Rule {
  re: RegExp;
  key: string;
  vars?: (m: RegExpExecArray) => Record<string, string>;
}

const RULES: Rule[] = [
  // Specific wordings before the general ones they would otherwise match.
  { re: /^must be one of the Hungarian VAT rates/, key: 'vatRates' },
  { re: /^is required$/, key: 'required' },
  { re: /^must not be empty$/, key: 'required' },
  { re: /^must be a number, got /, key: 'number' },
  { re: /^must be a decimal number/, key: 'number' },
  { re: /^must be a whole number/, key: 'integer' },
  { re: /^must be a finite number$/, key: 'number' },
  { re: /^must be at least (.+)$/, key: 'min', vars: (m) => ({ min: m[1] ?? '' }) },
  { re: /^must be at most (\d+) characters$/, key: 'maxLength', vars: (m) => ({ max: m[1] ?? '' }) },
  { re: /^must be at most (.+)$/, key: 'max', vars: (m) => ({ max: m[1] ?? '' }) },
  { re: /^must not be zero$/, key: 'nonZero' },
  { re: /^must be greater than 0$/, key: 'positive' },
  { re: /^must be one of (.+?)(; got .*)?$/, key: 'oneOf', vars: (m) => ({ values: m[1] ?? '' }) },
  { re: /^must be a date in the form YYYY-MM-DD$/, key: 'date' },
  { re: /^is not a real calendar date$/, key: 'calendarDate' },
  { re: /^must be an e-mail address/, key: 'email' },
  { re: /^must contain at least one/, key: 'atLeastOneLine' },
  { re: /^must contain at most (\d+) entries$/, key: 'maxEntries', vars: (m) => ({ max: m[1] ?? '' }) },
  { re: /^must be a three-letter ISO 4217 currency code/, key: 'currency' },
  { re: /^may have at most (\d+) decimal places/, key: 'decimals', vars: (m) => ({ max: m[1] ?? '' }) },
  { re: /^must be a percentage between 0 and 100/, key: 'percent' },
  { re: /^custom field names must be XML names/, key: 'customFieldName' },
  { re: /^no (.+) with this id in your account$/, key: 'unknownId' },
  { re: /^is not a known field/, key: 'unknownField' },
  // Business rules the server words per field (docs/api-product.md, docs/api-finance.md).
  { re: /^is required: the product has no list price$/, key: 'noListPrice' },
  { re: /^is required: the list price is in (\w+)$/, key: 'listPriceCurrency', vars: (m) => ({ currency: m[1] ?? '' }) },
  { re: /^is required when currency is not (\w+)$/, key: 'fxRequired', vars: (m) => ({ home: m[1] ?? '' }) },
  { re: /^must be absent or 1 for (\w+)$/, key: 'fxMustBeOne', vars: (m) => ({ home: m[1] ?? '' }) },
  { re: /^must exactly match one of your bank account numbers$/, key: 'bankAccount' },
  { re: /^appears more than once$/, key: 'duplicate' },
  { re: /^only (.+) available in (.+)$/, key: 'onlyAvailable', vars: (m) => ({ n: m[1] ?? '', warehouse: m[2] ?? '' }) },
  { re: /^is not a defined .*custom field$/, key: 'customFieldUndefined' },
  { re: /^must be a multiple of (.+)$/, key: 'multipleOf', vars: (m) => ({ step: m[1] ?? '' }) },
  { re: /^is required \(it may be omitted only/, key: 'required' },
  { re: /^must not be before the issue date (?:of .+ )?\(?(\d{4}-\d{2}-\d{2})\)?$/, key: 'notBeforeIssue', vars: (m) => ({ date: m[1] ?? '' }) },
  { re: /^must not be in the future \(today is (.+)\)$/, key: 'notFuture', vars: (m) => ({ today: m[1] ?? '' }) },
  { re: /^must be within (\d+) days/, key: 'withinDays', vars: (m) => ({ days: m[1] ?? '' }) },
  { re: /^is required on a (\w+) invoice/, key: 'fxRequired', vars: () => ({ home: 'HUF' }) },
  { re: /^must be omitted \(or 1\) on a HUF invoice/, key: 'fxMustBeOne', vars: () => ({ home: 'HUF' }) },
  { re: /^must be one of your bank account numbers exactly/, key: 'bankAccount' },
  { re: /^exceed the invoice total$/, key: 'retentionsExceed' },
  { re: /^add up to a negative total$/, key: 'negativeTotal' },
  { re: /^do not match the order's lines$/, key: 'orderLines' },
  { re: /^DOMESTIC needs the buyer's Hungarian tax number/, key: 'vatTypeDomestic' },
  { re: /^must not be before date_from$/, key: 'dateRange' },
  { re: /^has more decimal places than (\w+) allows/, key: 'moneyDecimals', vars: (m) => ({ currency: m[1] ?? '' }) },
  { re: /^must be the original's rate/, key: 'stornoFx' },
  { re: /^must be 0 on a deposit line/, key: 'depositVat' },
  { re: /^cannot be combined with proforma 1/, key: 'proformaWithOrder' },
  { re: /^must be outgoing or advance out/, key: 'crdrOurs' },
  { re: /^cannot be combined with/, key: 'notCombinable' },
];

/** The keys the rules translate to (a test checks each exists in every language). */
export const VALIDATION_KEYS = [...new Set(RULES.map((r) => r.key))];

/** The clerk's-language text of one schema or server message. */
export function translateMessage(message: string, t: T): string {
  for (const rule of RULES) {
    const m = rule.re.exec(message);
    if (m) return t(`billing:validation.${rule.key}`, rule.vars?.(m) ?? {});
  }
  return message;
}

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
    out.push({ path, message: translateMessage(issue.message, t) });
  }
  return out;
}

/** Server (or core) error details, same treatment. */
export function detailsToFieldErrors(details: Array<{ field: string; message: string }>, t: T, rename: (path: string) => string = (p) => p): FieldError[] {
  return details.map((d) => ({ path: rename(formPath(d.field)), message: translateMessage(d.message, t) }));
}
