/**
 * The one vocabulary of the English the desk is told (the shared schemas of src/shared/protocol,
 * the server, the core) and its one translation into the clerk's language. Each phrase is listed
 * once, with how it is said in either of two places:
 * - `fragment`: after a field's name or as a notice's second line (ErrorNotice, useSay, the
 *   warehouse forms), in the common namespace ("kötelező", "legalább 1 legyen");
 * - `sentence`: a whole sentence under a field of the billing forms (billing:validation.*,
 *   "Kötelező.", "Legalább 1 legyen.").
 * A phrase without a wording for a place is not translated there (as it was before the two lists
 * were folded into this one). Phrases are tried in order: specific wordings before general ones.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Register = 'fragment' | 'sentence';

type Say = (m: RegExpExecArray, t: Translate) => string;
/** A billing:validation key and the figures it carries from the match. */
type Sentence = [key: string, vars?: (m: RegExpExecArray) => Record<string, string>];
interface Phrase {
  re: RegExp;
  fragment?: Say;
  sentence?: Sentence;
}

const RECORDS: Record<string, string> = {
  'purchase order': 'purchaseOrder', product: 'product', order: 'order', invoice: 'invoice', contact: 'contact', warehouse: 'warehouse', attachment: 'attachment',
};

/** A network failure as Node's fetch and the core word it: never shown to a clerk as it is. */
const TRANSPORT = /fetch failed|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN|socket hang up|network error|Failed to fetch|aborted due to timeout/i;
const SERVER_FAULT = /\bHTTP 5\d\d\b|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Timeout/i;

const unquote = (s: string) => s.replace(/^"(.*)"$/s, '$1');
const key = (k: string, vars?: (m: RegExpExecArray) => Record<string, unknown>): Say => (m, t) => t(k, vars?.(m));
const g = (i: number) => (m: RegExpExecArray) => m[i] ?? '';

/** The operating system's reason (Node's error text) in a clerk's words, never its code. */
function osReason(detail: string, t: Translate): string {
  if (/ENOSPC|no space/i.test(detail)) return t('messages.os.noSpace');
  if (/EACCES|EPERM|EROFS|permission|read-only/i.test(detail)) return t('messages.os.noPermission');
  if (/ENOENT|ENOTDIR|no such file/i.test(detail)) return t('messages.os.missing');
  return t('messages.os.other');
}

const PHRASES: Phrase[] = [
  // The core's own OFFLINE words (handlers/context.ts): the heading already says "cannot be reached".
  { re: /^The server cannot be reached right now\b.*$/s, fragment: () => '' },
  { re: /^The server cannot be reached: .*$/s, fragment: () => '' },
  { re: /^No server is set up yet\b.*$/s, fragment: key('messages.noServer') },
  { re: /^The invoice's lines are not in the local data yet\b.*$/s, fragment: key('messages.notLocalYet') },
  { re: /^must be one of the Hungarian VAT rates/, sentence: ['vatRates'] },
  { re: /^is required$/, fragment: key('required'), sentence: ['required'] },
  { re: /^is required for a take-in$/, fragment: key('messages.requiredForTakeIn') },
  { re: /^is needed when the currency is not HUF$/, fragment: key('messages.fxRequired') },
  { re: /^must be a number, got (.*)$/s, fragment: key('messages.number', (m) => ({ value: unquote(m[1]!) })), sentence: ['number'] },
  { re: /^must be a decimal number/, sentence: ['number'] },
  { re: /^must be a whole number, got (.*)$/s, fragment: key('messages.wholeNumber', (m) => ({ value: unquote(m[1]!) })) },
  { re: /^must be a whole number/, sentence: ['integer'] },
  { re: /^must be a finite number$/, fragment: key('messages.finite'), sentence: ['number'] },
  { re: /^must be at least (.+)$/, fragment: key('messages.atLeast', (m) => ({ min: m[1] })), sentence: ['min', (m) => ({ min: g(1)(m) })] },
  { re: /^must be at most (\d+) characters$/, fragment: key('messages.maxChars', (m) => ({ max: m[1] })), sentence: ['maxLength', (m) => ({ max: g(1)(m) })] },
  { re: /^must be at most (.+)$/, fragment: key('messages.atMost', (m) => ({ max: m[1] })), sentence: ['max', (m) => ({ max: g(1)(m) })] },
  { re: /^must be greater than 0$/, fragment: key('messages.positive'), sentence: ['positive'] },
  { re: /^must not be zero$/, fragment: key('messages.notZero'), sentence: ['nonZero'] },
  { re: /^must not be empty$/, fragment: key('messages.notEmpty'), sentence: ['required'] },
  { re: /^must be text, got .*$/s, fragment: key('messages.text') },
  { re: /^must be one of (.+?)(?:; got .*)?$/s, fragment: key('messages.oneOf', (m) => ({ values: m[1] })), sentence: ['oneOf', (m) => ({ values: g(1)(m) })] },
  { re: /^must be 8, 12, 13 or 14 digits$/, fragment: key('messages.gtinLength') },
  { re: /^has a wrong check digit: the last digit should be (\d), not (\d)$/, fragment: key('messages.gtinCheckDigit', (m) => ({ expected: m[1], given: m[2] })) },
  // One EAN, one product; a Hungarian account's VAT rates (server and desk say the same, core/productRules.ts).
  { re: /^is the EAN of "(.*)"(?: \(([^)]*)\))? already$/s, fragment: (m, t) => (m[2] ? t('messages.eanTakenSku', { name: m[1], sku: m[2] }) : t('messages.eanTaken', { name: m[1] })) },
  { re: /^is not a VAT rate of (\w+): use ([\d., ]+) or (\d+)(?: \(.*\))?$/s, fragment: key('messages.vatRate', (m) => ({ rates: `${m[2]}, ${m[3]}` })) },
  { re: /^must be a date in the form YYYY-MM-DD$/, fragment: key('messages.date'), sentence: ['date'] },
  { re: /^must be a (?:valid )?(?:calendar )?date\b.*$/, fragment: key('messages.date') },
  { re: /^is not a real calendar date$/, sentence: ['calendarDate'] },
  {
    re: /^([A-Za-z ]+?) ("[^"]*"|\d+)(?: \([^)]*\))? does not exist in your account\.?$/,
    fragment: (m, t) => {
      const kind = RECORDS[m[1]!.toLowerCase()];
      return kind ? t('messages.notFound', { what: t(`messages.record.${kind}`), code: m[2] }) : m[0];
    },
  },
  // The billing forms' schemas and the server's business rules per field (docs/api-product.md, docs/api-finance.md).
  { re: /^must be an e-mail address/, sentence: ['email'] },
  { re: /^must contain at least one/, sentence: ['atLeastOneLine'] },
  { re: /^must contain at most (\d+) entries$/, sentence: ['maxEntries', (m) => ({ max: g(1)(m) })] },
  { re: /^must be a three-letter ISO 4217 currency code/, sentence: ['currency'] },
  { re: /^may have at most (\d+) decimal places/, sentence: ['decimals', (m) => ({ max: g(1)(m) })] },
  { re: /^must be a percentage between 0 and 100/, sentence: ['percent'] },
  { re: /^custom field names must be XML names/, sentence: ['customFieldName'] },
  { re: /^no (.+) with this id in your account$/, sentence: ['unknownId'] },
  { re: /^is not a known field/, sentence: ['unknownField'] },
  { re: /^is required: the product has no list price$/, sentence: ['noListPrice'] },
  { re: /^is required: the list price is in (\w+)$/, sentence: ['listPriceCurrency', (m) => ({ currency: g(1)(m) })] },
  { re: /^is required when currency is not (\w+)$/, sentence: ['fxRequired', (m) => ({ home: g(1)(m) })] },
  { re: /^must be absent or 1 for (\w+)$/, sentence: ['fxMustBeOne', (m) => ({ home: g(1)(m) })] },
  { re: /^must exactly match one of your bank account numbers$/, sentence: ['bankAccount'] },
  { re: /^appears more than once$/, sentence: ['duplicate'] },
  { re: /^only (.+) available in (.+)$/, sentence: ['onlyAvailable', (m) => ({ n: g(1)(m), warehouse: g(2)(m) })] },
  { re: /^is not a defined .*custom field$/, sentence: ['customFieldUndefined'] },
  { re: /^must be a multiple of (.+)$/, sentence: ['multipleOf', (m) => ({ step: g(1)(m) })] },
  { re: /^is required \(it may be omitted only/, sentence: ['required'] },
  { re: /^must not be before the issue date (?:of .+ )?\(?(\d{4}-\d{2}-\d{2})\)?$/, sentence: ['notBeforeIssue', (m) => ({ date: g(1)(m) })] },
  { re: /^must not be in the future \(today is (.+)\)$/, sentence: ['notFuture', (m) => ({ today: g(1)(m) })] },
  { re: /^must be within (\d+) days/, sentence: ['withinDays', (m) => ({ days: g(1)(m) })] },
  { re: /^is required on a (\w+) invoice/, sentence: ['fxRequired', () => ({ home: 'HUF' })] },
  { re: /^must be omitted \(or 1\) on a HUF invoice/, sentence: ['fxMustBeOne', () => ({ home: 'HUF' })] },
  { re: /^must be one of your bank account numbers exactly/, sentence: ['bankAccount'] },
  { re: /^exceed the invoice total$/, sentence: ['retentionsExceed'] },
  { re: /^add up to a negative total$/, sentence: ['negativeTotal'] },
  { re: /^do not match the order's lines$/, sentence: ['orderLines'] },
  { re: /^DOMESTIC needs the buyer's Hungarian tax number/, sentence: ['vatTypeDomestic'] },
  { re: /^must not be before date_from$/, sentence: ['dateRange'] },
  { re: /^has more decimal places than (\w+) allows/, sentence: ['moneyDecimals', (m) => ({ currency: g(1)(m) })] },
  { re: /^must be the original's rate/, sentence: ['stornoFx'] },
  { re: /^must be 0 on a deposit line/, sentence: ['depositVat'] },
  { re: /^cannot be combined with proforma 1/, sentence: ['proformaWithOrder'] },
  { re: /^must be outgoing or advance out/, sentence: ['crdrOurs'] },
  { re: /^cannot be combined with/, sentence: ['notCombinable'] },
  // The desk's backups (core/backup): the path stays as it is; Node's error text becomes a reason in words.
  { re: /^(.*): it must be a full folder path as the folder dialog gives it$/s, fragment: key('messages.backup.notFull', (m) => ({ path: m[1] })) },
  { re: /^(.*): it is the desk’s own data folder; choose another drive or folder$/s, fragment: key('messages.backup.ownFolder', (m) => ({ path: m[1] })) },
  { re: /^(.*): it does not exist or cannot be reached$/s, fragment: key('messages.backup.missing', (m) => ({ path: m[1] })) },
  { re: /^(.*): it is not a folder$/s, fragment: key('messages.backup.notFolder', (m) => ({ path: m[1] })) },
  { re: /^(.*): Stockdesk cannot write there \((.*)\)$/s, fragment: (m, t) => t('messages.backup.notWritable', { path: m[1], why: osReason(m[2]!, t) }) },
  { re: /^The backup could not be copied to (.*?): (.*)$/s, fragment: (m, t) => t('messages.backup.copyFailed', { path: m[1], why: osReason(m[2]!, t) }) },
  { re: /^“(.*)” is not the name of a Stockdesk backup\.$/s, fragment: key('messages.backup.notBackupName', (m) => ({ name: m[1] })) },
  { re: /^No backup folder of your own is chosen in Settings\.$/, fragment: key('messages.backup.noOwnFolder') },
  { re: /^it is not a Stockdesk mirror\b.*$/s, fragment: key('messages.backup.notMirror') },
  { re: /^its integrity check failed\b.*$/s, fragment: key('messages.backup.damaged') },
  { re: /^it cannot be (?:opened as a database|read)\b.*$/s, fragment: key('messages.backup.unreadable') },
  // Adding a clerk (core/handlers/clerks.ts, issue 19).
  { re: /^The server does not accept these keys\b.*$/s, fragment: key('clerks.error.refused') },
  { re: /^A clerk is added only once the server has said whose keys these are\b.*$/s, fragment: key('clerks.error.offline') },
  { re: /^Enter the server address in Settings first: the desk asks the server whose keys\b.*$/s, fragment: key('clerks.error.noServer') },
  { re: /^This server cannot say whose keys these are\b.*$/s, fragment: key('clerks.error.noSession') },
  { re: /^That clerk is not on this desk any more\b.*$/s, fragment: key('clerks.error.gone') },
  // The single keys form (core/keysForm.ts): the server could not say whose the typed keys are.
  {
    re: /^These keys can be saved only once Stockdesk is online\b.*?(?:the (\d+) unsent entr.*)?$/s,
    fragment: (m, t) => (m[1] ? t('keysForm.offlineUnsent', { count: Number(m[1]) }) : t('keysForm.offline')),
  },
];

/** The billing:validation keys the sentences use (a test checks each exists in every language). */
export const VALIDATION_KEYS = [...new Set(PHRASES.flatMap((p) => (p.sentence ? [p.sentence[0]] : [])))];

/**
 * A message from the core, the server or a schema in the clerk's language when it is one the desk
 * knows. As a fragment, transport failures and server faults are worded too, and "" means the
 * notice's heading (errors.CODE) already says all of it. Anything else comes back as it is (the
 * server's own words are better than none).
 */
export function translateMessage(t: Translate, message: string, register: Register = 'fragment'): string {
  const text = register === 'fragment' ? message.trim() : message;
  if (register === 'fragment') {
    if (TRANSPORT.test(text)) return t('messages.transport');
    if (SERVER_FAULT.test(text)) return t('messages.serverFault');
  }
  for (const p of PHRASES) {
    const say = p[register];
    if (!say) continue;
    const m = p.re.exec(text);
    if (!m) continue;
    if (typeof say === 'function') return say(m, t);
    return t(`billing:validation.${say[0]}`, say[1]?.(m) ?? {});
  }
  return message;
}
