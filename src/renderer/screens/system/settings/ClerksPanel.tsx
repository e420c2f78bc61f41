/**
 * Settings → the clerks of this desk (issue 19): each with their own keys, one signed in. Adding
 * asks the server whose keys they are and shows the name before keeping them; the keys never come
 * back to the screen (the core answers with names and roles only).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clerk, ClerkView } from '@shared/ipc';
import { ConfirmDialog } from '../../../components/Dialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Field } from '../../../components/Field';
import { fieldErrors } from '../../../lib/errors';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useClerkName, useClerksCommand } from '../../../lib/clerks';

export function ClerksPanel() {
  const { t } = useTranslation();
  const { data: clerks } = useChannel('clerks.list', {});
  const nameOf = useClerkName();
  const signIn = useClerksCommand('clerks.switch');
  const remove = useClerksCommand('clerks.remove');
  const [removing, setRemoving] = useState<ClerkView | null>(null);
  return (
    <div className="panel" data-testid="clerks-panel">
      <div className="panel-title">
        <h2>{t('clerks.title')}</h2>
      </div>
      <div className="panel-body stack">
        <p className="muted">{t('clerks.hint')}</p>
        {clerks && clerks.length ? (
          <table className="grid" data-testid="clerks-table">
            <tbody>
              {clerks.map((c) => (
                <tr key={c.id} data-clerk={c.name ?? ''} data-current={c.current || undefined}>
                  <td>{nameOf(c)}</td>
                  <td>{c.role ? t(`roles.name.${c.role}`) : ''}</td>
                  <td>{c.current ? <span className="badge ok">{t('clerks.current')}</span> : null}</td>
                  {/* The flex toolbar inside the cell: a flex <td> leaves the table and its buttons spill below the row. */}
                  <td>
                    <div className="toolbar" style={{ justifyContent: 'flex-end' }}>
                      {c.current ? null : (
                        <button type="button" className="btn" disabled={signIn.isPending} onClick={() => signIn.run({ id: c.id })}>
                          {t('clerks.signIn')}
                        </button>
                      )}
                      <button type="button" className="btn danger" onClick={() => setRemoving(c)} data-testid="clerk-remove">
                        {t('clerks.remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="empty">{t('clerks.none')}</div>
        )}
        <ErrorNotice error={signIn.error ?? remove.error} />
        <AddClerkForm />
      </div>
      {removing ? (
        <ConfirmDialog danger confirmLabel={t('clerks.remove')} busy={remove.isPending} onCancel={() => setRemoving(null)} onConfirm={() => remove.run({ id: removing.id }, () => setRemoving(null))}>
          <p>{t('clerks.removeConfirm', { name: nameOf(removing) })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** Keys → "these belong to Vera (warehouse)" → add. Changing a key asks again. */
function AddClerkForm() {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('warehouse');
  const [apiKey, setApiKey] = useState('');
  const [sessionKey, setSessionKey] = useState('');
  const [checked, setChecked] = useState<Clerk | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const check = useCommand('clerks.check');
  const add = useClerksCommand('clerks.add');
  const error = add.error ?? check.error;
  const errors = fieldErrors(error);
  const who = (c: Clerk) => c.name ?? t('clerks.noName');
  const edit = (set: (v: string) => void) => (v: string) => {
    set(v);
    setChecked(null);
    setAdded(null);
    check.reset();
    add.reset();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const keys = { apiKey: apiKey.trim(), sessionKey: sessionKey.trim() };
    if (!checked) {
      check.mutate(keys, { onSuccess: (c) => setChecked(c) });
      return;
    }
    // Once kept, the keys leave the screen's memory.
    add.run(keys, () => {
      setAdded(who(checked));
      setApiKey('');
      setSessionKey('');
      setChecked(null);
    });
  };
  return (
    <form className="stack" onSubmit={onSubmit} autoComplete="off" data-testid="clerk-add">
      <h3>{t('clerks.add')}</h3>
      <p className="muted">{t('clerks.addHint')}</p>
      <div className="form-grid">
        <Field label={tw('settings.apiKey')} required error={errors.get('apiKey')}>
          <input type="password" value={apiKey} onChange={(e) => edit(setApiKey)(e.target.value)} autoComplete="new-password" data-testid="clerk-api-key" />
        </Field>
        <Field label={tw('settings.sessionKey')} required error={errors.get('sessionKey')}>
          <input type="password" value={sessionKey} onChange={(e) => edit(setSessionKey)(e.target.value)} autoComplete="new-password" data-testid="clerk-session-key" />
        </Field>
      </div>
      <ErrorNotice error={error} shownFields={(f) => f === 'apiKey'} />
      {checked ? (
        <div className="notice ok" role="status" data-testid="clerk-checked">
          {t('clerks.checked', { name: who(checked), role: t(`roles.name.${checked.role}`) })}
        </div>
      ) : null}
      {added ? (
        <div className="notice ok" role="status" data-testid="clerk-added">
          {t('clerks.added', { name: added })}
        </div>
      ) : null}
      <div className="toolbar">
        <button type="submit" className="btn primary" disabled={check.isPending || add.isPending || !apiKey.trim() || !sessionKey.trim()} data-testid="clerk-add-submit">
          {checked ? t('clerks.confirmAdd', { name: who(checked) }) : t('clerks.check')}
        </button>
      </div>
    </form>
  );
}
