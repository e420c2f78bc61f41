import { useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { Providers } from './app/Providers';
import { buildRoutes } from './app/routes';
import { screens } from './app/screens';

/**
 * Hash routing: the Electron window loads the page from a file, where only the fragment can change
 * without the page being reloaded.
 */
export function App({ client, i18n }: { client: QueryClient; i18n: I18n }) {
  const [router] = useState(() => createHashRouter(buildRoutes(screens)));
  return (
    <Providers client={client} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  );
}
