import type { ScreenDef } from '../../app/screenDef';
import { SettingsScreen } from './settings/SettingsScreen';
import { SyncScreen } from './sync/SyncScreen';

export const systemScreens: ScreenDef[] = [
  { id: 'system.sync', path: 'sync', section: 'system', labelKey: 'common:nav.sync', icon: 'sync', element: <SyncScreen />, shortcut: 'F8' },
  { id: 'system.settings', path: 'settings', section: 'system', labelKey: 'common:nav.settings', icon: 'settings', element: <SettingsScreen /> },
];
