import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of every screen: a title row with the screen's actions, then its content. */
export function Screen({ title, actions, children, className }: { title: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} — ${t('appName')}`;
  }, [title, t]);
  return (
    <section className={`screen${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="screen-header">
        <h1>{title}</h1>
        <span className="spacer" />
        {actions}
      </header>
      {children}
    </section>
  );
}
