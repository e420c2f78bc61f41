import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../../../components/Screen';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { WarehouseSelect } from '../../../components/pickers';
import { fieldErrors } from '../../../lib/errors';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';

/** Counts in progress (they live in the core, so they outlast the app) and starting a new one. */
export function CountList() {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  const navigate = useNavigate();
  const location = useLocation();
  const posted = (location.state as { posted?: number } | null)?.posted;
  const { data: sheets = [], isLoading } = useChannel('count.list', {});
  const open = useCommand('count.open');
  const [warehouse, setWarehouse] = useState('');
  const [label, setLabel] = useState('');
  const [missing, setMissing] = useState(false);

  const onOpen = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!warehouse);
    if (!warehouse) return;
    open.mutate({ warehouse, stockLabel: label.trim() }, { onSuccess: (sheet) => void navigate(`/count/${sheet.id}`) });
  };
  const errors = fieldErrors(open.error);

  return (
    <Screen title={t('nav.count')}>
      {posted !== undefined ? (
        <div className="notice ok" role="status">
          {t('count.postedNotice', { count: posted })}
        </div>
      ) : null}
      <form className="panel" onSubmit={onOpen}>
        <div className="panel-title">
          <h2>{t('count.newCount')}</h2>
        </div>
        <div className="panel-body form-grid">
          <Field label={tc('pickers.warehouse')} required error={missing ? t('problems.required') : errors.get('warehouse')}>
            <WarehouseSelect value={warehouse} onChange={setWarehouse} data-testid="count-warehouse" />
          </Field>
          <Field label={t('takeIn.stockLabel')} hint={t('count.labelHint')} error={errors.get('stockLabel')}>
            <input type="text" value={label} maxLength={100} onChange={(e) => setLabel(e.target.value)} data-testid="count-label" />
          </Field>
          <div className="field action">
            <button type="submit" className="btn primary" disabled={open.isPending} data-testid="count-start">
              {t('count.start')}
            </button>
          </div>
        </div>
        <div className="panel-body" style={{ paddingTop: 0 }}>
          <ErrorNotice error={open.error} shownFields={(fl) => fl === 'warehouse' || fl === 'stockLabel'} />
        </div>
      </form>

      <div className="panel">
        <div className="panel-title">
          <h2>{t('count.inProgress')}</h2>
        </div>
        {sheets.length === 0 ? (
          <div className="empty">{isLoading ? tc('loading') : t('count.noneOpen')}</div>
        ) : (
          <table className="grid" data-testid="count-sheets">
            <thead>
              <tr>
                <th>{tc('pickers.warehouse')}</th>
                <th>{t('takeIn.stockLabel')}</th>
                <th>{t('count.started')}</th>
                <th className="num">{t('count.progress')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {sheets.map((s) => (
                <tr key={s.id}>
                  <td>{s.warehouse}</td>
                  <td>{s.stockLabel || <span className="muted">–</span>}</td>
                  <td>{f.dateTime(s.createdAt)}</td>
                  <td className="num">
                    {f.qty(s.counted)} / {f.qty(s.lines)}
                  </td>
                  <td>
                    <Link className="btn small" to={`/count/${s.id}`}>
                      {t('count.continue')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </Screen>
  );
}
