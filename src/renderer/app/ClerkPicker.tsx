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
  return (
    <label className="sb-item" title={t('clerks.pickerHint')}>
      <span className="muted">{t('clerks.picker')}</span>{' '}
      {/* The status bar's own size: a form-wide select would push the outbox count off the bar. */}
      <select
        value={current?.id ?? ''} disabled={pick.isPending} onChange={(e) => pick.run({ id: e.target.value })} data-testid="sb-clerk-picker" aria-label={t('clerks.pickerHint')}
        style={{ width: 'auto', padding: '0 4px', height: 'auto', fontSize: 'inherit' }}
      >
        {clerks.map((c) => (
          <option key={c.id} value={c.id}>
            {c.role ? t('roles.clerk', { name: nameOf(c), role: t(`roles.name.${c.role}`) }) : nameOf(c)}
          </option>
        ))}
      </select>
    </label>
  );
}
