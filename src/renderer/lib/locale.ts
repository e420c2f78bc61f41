import type { Locale } from '@shared/protocol/fields';
import type { Language } from '@renderer/i18n/types';

const LOCALE_OF: Record<Language, Locale> = { hu: 'hu_HU', en: 'en_US', de: 'de_DE', pl: 'pl_PL', es: 'es_ES' };

/** The document locale matching the interface language: a new document defaults to the clerk's. */
export const localeOf = (lang: Language): Locale => LOCALE_OF[lang];
