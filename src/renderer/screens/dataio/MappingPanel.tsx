import { useTranslation } from 'react-i18next';
import { columnLetter, IMPORT_FIELDS, type ImportField, type ImportMapping, type ImportPreview } from '@shared/ipc/dataio';
import { Field } from '../../components/Field';

export interface ImportOptions {
  mapping: ImportMapping;
  existing: 'update' | 'skip';
  defaults: { unit: string; currency: string; vat: string };
}

/** Which column fills which field, what happens to products that exist, and the new products' defaults. */
export function MappingPanel({ preview, options, onChange }: { preview: ImportPreview; options: ImportOptions; onChange: (o: ImportOptions) => void }) {
  const { t } = useTranslation('dataio');
  const setField = (f: ImportField, v: string) => {
    const mapping = { ...options.mapping };
    if (v === '') delete mapping[f];
    else mapping[f] = Number(v);
    onChange({ ...options, mapping });
  };
  return (
    <div className="panel">
      <div className="panel-title">{t('import.mapping')}</div>
      <div className="panel-body stack">
        <p className="field-hint">{t('import.mappingHint')}</p>
        <div className="form-grid" data-testid="import-mapping">
          {IMPORT_FIELDS.map((f) => (
            <Field key={f} label={t(`import.field.${f}`)} required={f === 'product_name'} error={f === 'product_name' && options.mapping.product_name === undefined ? t('import.nameRequired') : null}>
              <select value={options.mapping[f] ?? ''} onChange={(e) => setField(f, e.target.value)} data-testid={`map-${f}`}>
                <option value="">{t('import.notImported')}</option>
                {preview.headers.map((h, i) => (
                  <option key={i} value={i}>{`${columnLetter(i)} · ${h}`}</option>
                ))}
              </select>
            </Field>
          ))}
        </div>
        <fieldset className="stack" style={{ border: 0, padding: 0 }}>
          <legend>{t('import.existing')}</legend>
          <label className="check">
            <input type="radio" name="existing" checked={options.existing === 'update'} onChange={() => onChange({ ...options, existing: 'update' })} data-testid="existing-update" /> {t('import.existingUpdate')}
          </label>
          <label className="check">
            <input type="radio" name="existing" checked={options.existing === 'skip'} onChange={() => onChange({ ...options, existing: 'skip' })} data-testid="existing-skip" /> {t('import.existingSkip')}
          </label>
        </fieldset>
        <p className="field-hint">{t('import.defaults')}</p>
        <div className="form-grid">
          <Field label={t('import.unit')}>
            <input value={options.defaults.unit} maxLength={20} onChange={(e) => onChange({ ...options, defaults: { ...options.defaults, unit: e.target.value } })} data-testid="default-unit" />
          </Field>
          <Field label={t('import.currency')}>
            <input value={options.defaults.currency} maxLength={3} onChange={(e) => onChange({ ...options, defaults: { ...options.defaults, currency: e.target.value.toUpperCase() } })} data-testid="default-currency" />
          </Field>
          <Field label={t('import.vat')}>
            <input value={options.defaults.vat} inputMode="decimal" onChange={(e) => onChange({ ...options, defaults: { ...options.defaults, vat: e.target.value } })} data-testid="default-vat" />
          </Field>
        </div>
      </div>
    </div>
  );
}
