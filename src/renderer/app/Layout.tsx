import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './Sidebar';
import { StatusBar } from './StatusBar';
import { UpdateNotice } from './UpdateNotice';
import { FirstRun } from '../screens/system/welcome/FirstRun';
import { useScreenShortcuts } from './shortcuts';
import { useRefusedRole } from './roleGate';
import type { ScreenDef } from './screenDef';

export function Layout({ screens }: { screens: readonly ScreenDef[] }) {
  const { t } = useTranslation();
  useScreenShortcuts(screens, useRefusedRole());
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <Sidebar screens={screens} />
      <main id="main" className="shell-main" tabIndex={-1}>
        <FirstRun start={screens[0]?.path}>
          <Outlet />
        </FirstRun>
      </main>
      <UpdateNotice />
      <StatusBar />
    </div>
  );
}
