/**
 * NAV's own text for an error or validation code, in the language asked for. NAV publishes
 * Hungarian, English and German (messages.generated.ts); any other language gets the English text
 * with `fallback: true`, so a screen can say it is not in the clerk's language.
 */
import { NAV_MESSAGES } from './messages.generated';

export type NavTextLanguage = 'hu' | 'en' | 'de';

export interface NavMessageText {
  text: string;
  /** The language of `text`. */
  lang: NavTextLanguage;
  /** True when `text` is not in the language asked for. */
  fallback: boolean;
}

/**
 * Codes NAV answers that its message files name differently: the maintenance answer's errorCode
 * is MAINTENANCE_MODE (spec 3.2), its text is under SERVICE_UNAVAILABLE.
 */
const ALIASES: Readonly<Record<string, string>> = { MAINTENANCE_MODE: 'SERVICE_UNAVAILABLE' };

/** NAV's text for `code` in `lang` (hu, en, de; others fall back to English); undefined when NAV has none. */
export function navMessageText(code: string, lang: string): NavMessageText | undefined {
  const key = Object.hasOwn(ALIASES, code) ? (ALIASES[code] as string) : code;
  if (!Object.hasOwn(NAV_MESSAGES, key)) return undefined;
  const entry = NAV_MESSAGES[key]!;
  const wanted = lang.toLowerCase().slice(0, 2);
  if ((wanted === 'hu' || wanted === 'en' || wanted === 'de') && entry[wanted]) {
    return { text: entry[wanted], lang: wanted, fallback: false };
  }
  for (const other of ['en', 'hu', 'de'] as const) {
    const text = entry[other];
    if (text) return { text, lang: other, fallback: true };
  }
  return undefined;
}

/** Every code NAV has a text for (and its kind): for tests and for listing. */
export function navMessageCodes(): string[] {
  return Object.keys(NAV_MESSAGES);
}
