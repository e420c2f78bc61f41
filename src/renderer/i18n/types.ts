/** The shape every translation of a namespace must have: exactly the English keys, any strings. */
export type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

export const LANGUAGES = ['hu', 'en', 'de', 'pl', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** BCP 47 tags for Intl, one per interface language. */
export const INTL_LOCALE: Record<Language, string> = { hu: 'hu-HU', en: 'en-GB', de: 'de-DE', pl: 'pl-PL', es: 'es-ES' };

/** A namespace in every language; English is the reference. */
export type Translations<T> = { en: T } & Record<Exclude<Language, 'en'>, Messages<T>>;
