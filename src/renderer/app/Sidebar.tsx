import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../components/Icon';
import { SECTION_ORDER, type ScreenDef } from './screenDef';
import { shortcutLabel } from './shortcuts';
import { useRefusedRole } from './roleGate';

export function Sidebar({ screens }: { screens: readonly ScreenDef[] }) {
  const { t } = useTranslation();
  // Registry labels are data ("warehouse:nav.count"), checked by the AnyKey type where they are declared.
  const label = t as unknown as (key: string) => string;
  const refusedRole = useRefusedRole();
  return (
    <nav className="sidebar" aria-label={t('appName')}>
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          S
        </span>
        {t('appName')}
      </div>
      {SECTION_ORDER.map((section) => {
        const items = screens.filter((s) => s.section === section);
        if (items.length === 0) return null;
        return (
          <div key={section} className="nav-section">
            <div className="nav-section-title">{t(`sections.${section}`)}</div>
            <ul>
              {items.map((s) => {
                const keys = shortcutLabel(screens, s);
                const refused = refusedRole(s);
                const body = (
                  <>
                    <Icon name={s.icon} />
                    <span className="nav-label">{label(s.labelKey)}</span>
                  </>
                );
                if (refused) {
                  // Greyed out with the reason, not a link: the role may not use it.
                  return (
                    <li key={s.id}>
                      <span className="nav-link disabled" aria-disabled="true" title={t('roles.screenRefused', { role: t(`roles.name.${refused}`) })} data-testid={`nav-refused-${s.id}`}>
                        {body}
                      </span>
                    </li>
                  );
                }
                return (
                  <li key={s.id}>
                    <NavLink to={`/${s.path}`} className="nav-link" title={t('nav.shortcuts', { keys })} aria-keyshortcuts={keys.replace(/ · /g, ' ')}>
                      {body}
                      {s.shortcut ? <kbd>{s.shortcut}</kbd> : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
