/**
 * A screen loaded on first visit: each screen is its own chunk, so the first paint fetches only the
 * shell (sidebar, status bar, router, translations) and the start screen. A chunk that fails to load
 * throws inside the screen's ScreenBoundary, which offers to try again.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <div className="screen-loading" role="status" aria-busy="true">
      {t('loading')}
    </div>
  );
}

/**
 * `load` is the dynamic import of the screen's module, `name` its exported component:
 * `lazyScreen(() => import('./count/CountScreen'), 'CountScreen')`.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): ReactNode {
  const Screen = lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] }));
  return (
    <Suspense fallback={<ScreenLoading />}>
      <Screen />
    </Suspense>
  );
}
