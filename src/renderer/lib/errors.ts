/** Every rejection from the core, normalised to the contract's error body so screens handle one shape. */
import { useTranslation } from 'react-i18next';
import type { IpcErrorBody, IpcErrorCode } from '@shared/ipc';

const CODES: readonly IpcErrorCode[] = ['VALIDATION_ERROR', 'OFFLINE', 'NOT_FOUND', 'CONFLICT', 'AUTH_FAILED', 'INTERNAL_ERROR'];

export class InvokeError extends Error {
  readonly code: IpcErrorCode;
  readonly details: Array<{ field: string; message: string }>;
  constructor(body: IpcErrorBody) {
    super(body.message);
    this.name = 'InvokeError';
    this.code = body.code;
    this.details = body.details;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

/** Accepts an IpcError (body), a plain `{code,message,details}` or anything thrown. */
export function toInvokeError(e: unknown): InvokeError {
  if (e instanceof InvokeError) return e;
  const src = isRecord(e) && isRecord(e.body) ? e.body : e;
  if (isRecord(src) && typeof src.code === 'string' && typeof src.message === 'string') {
    const code = (CODES as readonly string[]).includes(src.code) ? (src.code as IpcErrorCode) : 'INTERNAL_ERROR';
    const details = Array.isArray(src.details)
      ? src.details.filter(isRecord).map((d) => ({ field: String(d.field ?? ''), message: String(d.message ?? '') }))
      : [];
    return new InvokeError({ code, message: src.message, details });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new InvokeError({ code: 'INTERNAL_ERROR', message, details: [] });
}

/**
 * Field errors keyed by the form's own field names: the core reports paths of the whole request
 * ("product.ean_number", "lines.2.quantity"), the form knows only what is under `prefix`.
 */
export function fieldErrors(error: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!(error instanceof InvokeError)) return out;
  for (const d of error.details) {
    if (!d.field) continue;
    const field = prefix && d.field.startsWith(prefix) ? d.field.slice(prefix.length) : d.field;
    if (!out.has(field)) out.set(field, d.message);
  }
  return out;
}

/** The translate function of the common namespace, loosely typed: keys here are chosen by data. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const RECORDS: Record<string, string> = {
  'purchase order': 'purchaseOrder', product: 'product', order: 'order', invoice: 'invoice', contact: 'contact', warehouse: 'warehouse', attachment: 'attachment',
};

/** A network failure as Node's fetch and the core word it: never shown to a clerk as it is. */
const TRANSPORT = /fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|socket hang up|network error|Failed to fetch|aborted due to timeout/i;
const SERVER_FAULT = /\bHTTP 5\d\d\b|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout/i;

/**
 * The English phrases the shared schemas (src/shared/protocol/fields.ts) and the server put into
 * messages, with the i18n key that says each in the clerk's language. The schemas are shared with
 * the server, whose API answers in English; the desk translates on the way to the screen.
 */
const PHRASES: Array<[RegExp, (m: RegExpExecArray, t: Translate) => string]> = [
  // The core's own OFFLINE words (handlers/context.ts): the heading already says "cannot be reached".
  [/^The server cannot be reached right now\b.*$/s, () => ''],
  [/^The server cannot be reached: .*$/s, () => ''],
  [/^No server is set up yet\b.*$/s, (_m, t) => t('messages.noServer')],
  [/^The invoice's lines are not in the local data yet\b.*$/s, (_m, t) => t('messages.notLocalYet')],
  [/^is required$/, (_m, t) => t('required')],
  [/^is required for a take-in$/, (_m, t) => t('messages.requiredForTakeIn')],
  [/^is needed when the currency is not HUF$/, (_m, t) => t('messages.fxRequired')],
  [/^must be a number, got (.*)$/s, (m, t) => t('messages.number', { value: unquote(m[1]!) })],
  [/^must be a whole number, got (.*)$/s, (m, t) => t('messages.wholeNumber', { value: unquote(m[1]!) })],
  [/^must be a finite number$/, (_m, t) => t('messages.finite')],
  [/^must be at least (.+)$/, (m, t) => t('messages.atLeast', { min: m[1] })],
  [/^must be at most (\d+) characters$/, (m, t) => t('messages.maxChars', { max: m[1] })],
  [/^must be at most (.+)$/, (m, t) => t('messages.atMost', { max: m[1] })],
  [/^must be greater than 0$/, (_m, t) => t('messages.positive')],
  [/^must not be zero$/, (_m, t) => t('messages.notZero')],
  [/^must not be empty$/, (_m, t) => t('messages.notEmpty')],
  [/^must be text, got .*$/s, (_m, t) => t('messages.text')],
  [/^must be one of (.+?)(?:; got .*)?$/s, (m, t) => t('messages.oneOf', { values: m[1] })],
  [/^must be 8, 12, 13 or 14 digits$/, (_m, t) => t('messages.gtinLength')],
  [/^has a wrong check digit: the last digit should be (\d), not (\d)$/, (m, t) => t('messages.gtinCheckDigit', { expected: m[1], given: m[2] })],
  [/^must be a (?:valid )?(?:calendar )?date\b.*$/, (_m, t) => t('messages.date')],
  [
    /^([A-Za-z ]+?) ("[^"]*"|\d+)(?: \([^)]*\))? does not exist in your account\.?$/,
    (m, t) => {
      const kind = RECORDS[m[1]!.toLowerCase()];
      return kind ? t('messages.notFound', { what: t(`messages.record.${kind}`), code: m[2] }) : m[0];
    },
  ],
];

const unquote = (s: string) => s.replace(/^"(.*)"$/s, '$1');

/** The operating system's reason (Node's error text) in a clerk's words, never its code. */
function osReason(detail: string, t: Translate): string {
  if (/ENOSPC|no space/i.test(detail)) return t('messages.os.noSpace');
  if (/EACCES|EPERM|EROFS|permission|read-only/i.test(detail)) return t('messages.os.noPermission');
  if (/ENOENT|ENOTDIR|no such file/i.test(detail)) return t('messages.os.missing');
  return t('messages.os.other');
}

/**
 * The desk's backups (core/backup): why a folder cannot be used, why the copy to it failed, why a
 * backup cannot be read. The path stays as it is; Node's error text becomes a reason in words.
 */
const BACKUP_PHRASES: Array<[RegExp, (m: RegExpExecArray, t: Translate) => string]> = [
  [/^(.*): it must be a full folder path as the folder dialog gives it$/s, (m, t) => t('messages.backup.notFull', { path: m[1] })],
  [/^(.*): it is the desk’s own data folder; choose another drive or folder$/s, (m, t) => t('messages.backup.ownFolder', { path: m[1] })],
  [/^(.*): it does not exist or cannot be reached$/s, (m, t) => t('messages.backup.missing', { path: m[1] })],
  [/^(.*): it is not a folder$/s, (m, t) => t('messages.backup.notFolder', { path: m[1] })],
  [/^(.*): Stockdesk cannot write there \((.*)\)$/s, (m, t) => t('messages.backup.notWritable', { path: m[1], why: osReason(m[2]!, t) })],
  [/^The backup could not be copied to (.*?): (.*)$/s, (m, t) => t('messages.backup.copyFailed', { path: m[1], why: osReason(m[2]!, t) })],
  [/^“(.*)” is not the name of a Stockdesk backup\.$/s, (m, t) => t('messages.backup.notBackupName', { name: m[1] })],
  [/^No backup folder of your own is chosen in Settings\.$/, (_m, t) => t('messages.backup.noOwnFolder')],
  [/^it is not a Stockdesk mirror\b.*$/s, (_m, t) => t('messages.backup.notMirror')],
  [/^its integrity check failed\b.*$/s, (_m, t) => t('messages.backup.damaged')],
  [/^it cannot be (?:opened as a database|read)\b.*$/s, (_m, t) => t('messages.backup.unreadable')],
];
PHRASES.push(...BACKUP_PHRASES);

/** Adding a clerk (core/handlers/clerks.ts, issue 19). */
PHRASES.push(
  [/^The server does not accept these keys\b.*$/s, (_m, t) => t('clerks.error.refused')],
  [/^A clerk is added only once the server has said whose keys these are\b.*$/s, (_m, t) => t('clerks.error.offline')],
  [/^Enter the server address in Settings first: the desk asks the server whose keys\b.*$/s, (_m, t) => t('clerks.error.noServer')],
  [/^This server cannot say whose keys these are\b.*$/s, (_m, t) => t('clerks.error.noSession')],
  [/^That clerk is not on this desk any more\b.*$/s, (_m, t) => t('clerks.error.gone')],
  // The single keys form (core/keysForm.ts): the server could not say whose the typed keys are.
  [/^These keys can be saved only once Stockdesk is online\b.*?(?:the (\d+) unsent entr.*)?$/s, (m, t) => (m[1] ? t('keysForm.offlineUnsent', { count: Number(m[1]) }) : t('keysForm.offline'))],
);

/**
 * A message from the core or the server in the clerk's language when it is one the desk knows:
 * the schemas' field problems, "… does not exist in your account", transport failures, the core's
 * offline words. "" when the heading (errors.CODE) already says all of it. Anything else is
 * returned as it is (the server's own words are better than none).
 */
export function translateMessage(t: Translate, message: string): string {
  const text = message.trim();
  if (TRANSPORT.test(text)) return t('messages.transport');
  if (SERVER_FAULT.test(text)) return t('messages.serverFault');
  for (const [re, say] of PHRASES) {
    const m = re.exec(text);
    if (m) return say(m, t);
  }
  return message;
}

/** translateMessage with the clerk's language: for a core or server message shown outside ErrorNotice. */
export function useSay(): (message: string) => string {
  const { t } = useTranslation();
  return (message) => translateMessage(t as unknown as Translate, message);
}
