// Must stay the first import: see zodJitless.ts.
import './zodJitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n, isLanguage, type Language } from './i18n';
import { loadLanguage } from './i18n/load';
import { findApi } from './lib/api';
import { createQueryClient, invoke } from './lib/ipc';
import './styles/index.css';

/**
 * In Electron the preload has put window.stockdesk in place; in a plain browser (npm run web) the
 * harness's bridge does it. The glob keeps this file building before the bridge exists.
 */
async function ensureApi(): Promise<boolean> {
  if (findApi()) return true;
  const bridges = import.meta.glob<Record<string, unknown>>('./bridge/webBridge.ts');
  const load = bridges['./bridge/webBridge.ts'];
  if (!load) return false;
  const mod = await load();
  const install = mod.installWebBridge;
  if (typeof install === 'function') await (install as () => unknown)();
  return Boolean(findApi());
}

async function start() {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  if (!(await ensureApi())) {
    const lang: Language = navigator.language.startsWith('hu') ? 'hu' : 'en';
    const i18n = initI18n(lang, { [lang]: await loadLanguage(lang) });
    root.render(<p className="fatal">{i18n.t('errors.noCore')}</p>);
    return;
  }
  // The first paint already speaks the clerk's language: no flash of the fallback.
  const settings = await invoke('settings.get', {}).catch(() => null);
  const language: Language = isLanguage(settings?.language) ? settings.language : 'hu';
  // Only the clerk's language: the others are fetched if the settings switch to one.
  const i18n = initI18n(language, { [language]: await loadLanguage(language) });
  const client = createQueryClient();
  if (settings) client.setQueryData(['settings.get', {}], settings);
  root.render(
    <StrictMode>
      <App client={client} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
