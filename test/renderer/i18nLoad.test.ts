import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@renderer/i18n';
import { loadLanguage } from '@renderer/i18n/load';
import { namespaces } from '@renderer/i18n/namespaces';

// The app loads one language at a time by file layout; the registry is what the types check.
describe('translations loaded one language at a time', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every namespace of the registry, and nothing else`, async () => {
      const loaded = await loadLanguage(lang);
      const expected = Object.fromEntries(Object.entries(namespaces).map(([ns, byLang]) => [ns, byLang[lang]]));
      expect(loaded).toEqual(expected);
    });
  }
});
