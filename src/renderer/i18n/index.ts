import i18next, { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { namespaces, type Namespace } from './namespaces';
import { LANGUAGES, type Language } from './types';

export { LANGUAGES, INTL_LOCALE, type Language } from './types';

type Resources = { [N in Namespace]: (typeof namespaces)[N]['en'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}

function resourcesFor(lang: Language): ResourceLanguage {
  const out: ResourceLanguage = {};
  for (const ns of Object.keys(namespaces) as Namespace[]) out[ns] = namespaces[ns][lang];
  return out;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Any message of any namespace, written "namespace:key" (for labels chosen by data, not code). */
export type AnyKey = { [N in Namespace]: `${N}:${Leaves<Resources[N]>}` }[Namespace];

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** Every namespace of one language, as i18next holds them. */
export type LanguageResources = ResourceLanguage;

/**
 * An i18next instance over the given languages' messages. The app passes only the clerk's
 * language (see ./load.ts: the others are chunks fetched on a switch); tests use createI18n.
 */
export function initI18n(language: Language, resources: Partial<Record<Language, LanguageResources>>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // No console advertisement in a clerk's developer tools or in test output.
    showSupportNotice: false,
  });
  return instance;
}

/** A fresh instance with every language bundled in (tests create their own so languages do not leak between them). */
export function createI18n(language: Language = 'hu'): I18n {
  return initI18n(language, Object.fromEntries(LANGUAGES.map((l) => [l, resourcesFor(l)])));
}
