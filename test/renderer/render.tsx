/** Renders a screen the way the app does (providers, router, i18n), over a FakeApi on window.stockdesk. */
import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Providers } from '@renderer/app/Providers';
import { createI18n, type Language } from '@renderer/i18n';
import { setApi } from '@renderer/lib/api';
import { createQueryClient } from '@renderer/lib/ipc';
import { FakeApi } from './fakeApi';

// jsdom with user-event is slow on a busy CI machine; a screen that needs 1.5 s there is not broken.
configure({ asyncUtilTimeout: 5000 });

export function renderScreen(ui: ReactElement, opts: { api?: FakeApi; path?: string; route?: string; language?: Language } = {}) {
  const api = opts.api ?? new FakeApi();
  api.settings = { ...api.settings, language: opts.language ?? 'en' };
  setApi(api);
  const client = createQueryClient();
  const i18n = createI18n(opts.language ?? 'en');
  const result = render(
    <Providers client={client} i18n={i18n}>
      <MemoryRouter initialEntries={[opts.path ?? '/']}>
        <Routes>
          <Route path={opts.route ?? '*'} element={ui} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...result, api, client, i18n };
}

/**
 * Keystroke timing from a clock that moves only with the keys (the scanner reads the events'
 * timeStamp), so a slow test machine cannot turn a fast scan into typing or the reverse. Returns the undo.
 */
export function keysApart(ms: number): () => void {
  let now = 0;
  const spy = vi.spyOn(Event.prototype, 'timeStamp', 'get').mockImplementation(() => now);
  const advance = () => void (now += ms);
  // A click takes a person far longer than a scanner's keystroke.
  const pause = () => void (now += 1000);
  window.addEventListener('keydown', advance, true);
  window.addEventListener('pointerdown', pause, true);
  return () => {
    window.removeEventListener('keydown', advance, true);
    window.removeEventListener('pointerdown', pause, true);
    spy.mockRestore();
  };
}
