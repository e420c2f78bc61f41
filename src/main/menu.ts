/** A minimal application menu: the platform's standard roles, plus reload and devtools only in development. */
import type { MenuItemConstructorOptions } from 'electron';

export function menuTemplate(platform: NodeJS.Platform, packaged: boolean): MenuItemConstructorOptions[] {
  const view: MenuItemConstructorOptions[] = [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }];
  if (!packaged) view.unshift({ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' });
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : [{ label: 'File', submenu: [{ role: 'quit' }] } as MenuItemConstructorOptions]),
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
  ];
}
