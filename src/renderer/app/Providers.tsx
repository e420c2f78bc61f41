import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { isLanguage } from '../i18n';
import { switchLanguage } from '../i18n/load';
import { useChannel, usePushEvents } from '../lib/ipc';

/** Query cache, translations and the core's push events: what every screen needs around it. */
export function Providers({ client, i18n, children }: { client: QueryClient; i18n: I18n; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <CoreLink i18n={i18n} />
        {children}
      </I18nextProvider>
    </QueryClientProvider>
  );
}

/** Follows the core: its events refresh the caches, its language setting drives the interface. */
function CoreLink({ i18n }: { i18n: I18n }) {
  usePushEvents();
  const { data: settings } = useChannel('settings.get', {});
  const language = settings?.language;
  useEffect(() => {
    if (isLanguage(language) && i18n.language !== language) void switchLanguage(i18n, language);
    if (isLanguage(language)) document.documentElement.lang = language;
  }, [language, i18n]);
  return null;
}
