/**
 * The app's translations, one language at a time: each language's messages (all namespaces) are
 * their own chunks, so the shell does not carry the four languages the clerk is not using. A
 * namespace's files are found by the layout namespaces.ts already follows: `i18n/<ns>/<lang>.ts`
 * and `screens/<ns>/i18n/<lang>.ts` (test/renderer/i18nLoad.test.ts checks both say the same).
 */
import type { i18n as I18n } from 'i18next';
import type { Language, LanguageResources } from './index';

type MessagesModule = { default: Record<string, unknown> };

const FILES = import.meta.glob<MessagesModule>(['./*/{hu,en,de,pl,es}.ts', '../screens/*/i18n/{hu,en,de,pl,es}.ts']);

const NAMESPACE_OF = /(?:^\.\/([^/]+)\/|\/screens\/([^/]+)\/i18n\/)(hu|en|de|pl|es)\.ts$/;

/** Every namespace's messages in `language`. */
export async function loadLanguage(language: Language): Promise<LanguageResources> {
  const entries = await Promise.all(
    Object.entries(FILES).flatMap(([path, load]) => {
      const m = NAMESPACE_OF.exec(path);
      if (!m || m[3] !== language) return [];
      const ns = (m[1] ?? m[2]) as string;
      return [load().then((mod) => [ns, mod.default] as const)];
    }),
  );
  return Object.fromEntries(entries);
}

/** Makes sure `language` is loaded into `i18n` (a switch in the settings), then switches to it. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'common')) {
    const resources = await loadLanguage(language);
    for (const [ns, messages] of Object.entries(resources)) i18n.addResourceBundle(language, ns, messages, true, true);
  }
  await i18n.changeLanguage(language);
}
