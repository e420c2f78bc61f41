/**
 * The clerk picker in the status bar (issue 19): when several clerks share the desk, each picks
 * their name; what is done from then on is sent with that clerk's keys. One clerk: just the name.
 */
import { useTranslation } from 'react-i18next';
import { useChannel } from '../lib/ipc';
import { useClerkName, useClerksCommand } from '../lib/clerks';

export function ClerkPicker() {
  const { t } = useTranslation();
  const { data: clerks } = useChannel('clerks.list', {});
  const nameOf = useClerkName();
  const pick = useClerksCommand('clerks.switch');
  if (!clerks || clerks.length < 2) return null;
  const current = clerks.find((c) => c.current);
  const label = (c: (typeof clerks)[number]) => (c.role ? t('roles.clerk', { name: nameOf(c), role: t(`roles.name.${c.role}`) }) : nameOf(c));
  return (
    <label className="sb-item sb-clerk" title={t('clerks.pickerHint')}>
      <span className="muted">{t('clerks.picker')}</span>{' '}
      {/*
        The status bar's own size, at most 20em (shell.css .sb-clerk): a long name ends in … instead
        of pushing the outbox count off the bar; the whole name and role are the select's title.
      */}
      <select
        value={current?.id ?? ''} disabled={pick.isPending} onChange={(e) => pick.run({ id: e.target.value })} data-testid="sb-clerk-picker" aria-label={t('clerks.pickerHint')}
        title={current ? label(current) : undefined}
      >
        {clerks.map((c) => (
          <option key={c.id} value={c.id} title={label(c)}>
            {label(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
