import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

export const systemScreens: ScreenDef[] = [
  { id: 'system.sync', path: 'sync', section: 'system', labelKey: 'common:nav.sync', icon: 'sync', element: lazyScreen(() => import('./sync/SyncScreen'), 'SyncScreen'), shortcut: 'F8' },
  { id: 'system.settings', path: 'settings', section: 'system', labelKey: 'common:nav.settings', icon: 'settings', element: lazyScreen(() => import('./settings/SettingsScreen'), 'SettingsScreen') },
];
