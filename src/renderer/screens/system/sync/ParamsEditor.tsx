import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '@shared/ipc';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useCommand } from '../../../lib/ipc';
import { coerceLike, parseParams, scalarFields } from './paramsEdit';
import { useOutboxSummary } from './summary';

/** Fix a refused command's parameters and send it again (outbox.edit). */
export function ParamsEditor({ entry, onClose }: { entry: OutboxEntryView; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const summaryOf = useOutboxSummary();
  const [mode, setMode] = useState<'fields' | 'json'>('fields');
  const [json, setJson] = useState(() => JSON.stringify(entry.params, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useCommand('outbox.edit');
  const parsed = parseParams(json);
  const params = 'params' in parsed ? parsed.params : null;
  const flagged = new Map(entry.errorDetails.map((d) => [d.field, d.message]));

  const setField = (key: string, text: string) => {
    if (!params) return;
    const original = entry.params[key] as Parameters<typeof coerceLike>[0];
    const v = coerceLike(original ?? '', text);
    const next = { ...params, [key]: typeof v === 'object' && v !== null ? text : v };
    setJson(JSON.stringify(next, null, 2));
  };

  const onSave = () => {
    if (!params) return setProblem(t('sync.badJson'));
    const bad = scalarFields(params).find(([k, v]) => typeof entry.params[k] === 'number' && typeof v !== 'number');
    if (bad) return setProblem(t('sync.notNumber', { field: bad[0] }));
    setProblem(null);
    edit.mutate({ id: entry.id, params }, { onSuccess: onClose });
  };

  return (
    <Dialog
      title={t('sync.editTitle', { id: entry.id })}
      onClose={onClose}
      footer={<DialogActions onCancel={onClose} onSubmit={onSave} submitLabel={t('sync.saveAndSend')} disabled={edit.isPending} testId="params-save" />}
    >
      <p>{summaryOf(entry)}</p>
      {entry.lastError ? <div className="notice error">{entry.lastError}</div> : null}
      <div className="tabs" role="tablist" style={{ margin: '10px 0' }}>
        <button type="button" role="tab" aria-selected={mode === 'fields'} onClick={() => setMode('fields')} disabled={!params}>
          {t('sync.fields')}
        </button>
        <button type="button" role="tab" aria-selected={mode === 'json'} onClick={() => setMode('json')}>
          JSON
        </button>
      </div>
      {mode === 'fields' && params ? (
        <div className="form-grid">
          {scalarFields(params).map(([key, value]) => (
            <Field key={key} label={<span className="mono">{key}</span>} error={flagged.get(key)}>
              <input
                type="text"
                className={typeof entry.params[key] === 'number' ? 'num' : undefined}
                value={value === null ? '' : String(value)}
                onChange={(e) => setField(key, e.target.value)}
                data-testid={`param-${key}`}
              />
            </Field>
          ))}
        </div>
      ) : (
        <Field label={t('sync.paramsJson')} error={'error' in parsed ? parsed.error : undefined}>
          <textarea className="mono" rows={14} value={json} onChange={(e) => setJson(e.target.value)} spellCheck={false} data-testid="params-json" />
        </Field>
      )}
      {problem ? <div className="notice error" role="alert">{problem}</div> : null}
      <ErrorNotice error={edit.error} />
    </Dialog>
  );
}
