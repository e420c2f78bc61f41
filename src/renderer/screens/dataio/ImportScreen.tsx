import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Encoding, ImportPreview, ImportResult } from '@shared/ipc/dataio';
import { Screen } from '../../components/Screen';
import { ErrorNotice } from '../../components/ErrorNotice';
import { getApi } from '../../lib/api';
import { invoke } from '../../lib/ipc';
import { isDecimal, normalizeDecimal } from '../../lib/decimal';
import { useDebounced } from '../../lib/useDebounced';
import { ExportButtons, useExportWords } from './ExportButtons';
import { EncodingChoice, GarbledNotice } from './EncodingPanel';
import { ImportDone } from './ImportDone';
import { MappingPanel, type ImportOptions } from './MappingPanel';
import { PreviewRows, PreviewSummary } from './PreviewTables';

type File = { name: string; data: string };

/**
 * Data in and out: a CSV or XLSX file of products, previewed row by row (every problem in the
 * clerk's language) before anything is queued, then sent through the outbox; and the catalogue
 * with stock as a CSV or XLSX file. The shell opens and saves the files; this screen never reads one.
 */
export function ImportScreen() {
  const { t } = useTranslation('dataio');
  const words = useExportWords();
  const [file, setFile] = useState<File | null>(null);
  const [noFile, setNoFile] = useState(false);
  const [options, setOptions] = useState<ImportOptions | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  /** The CSV's encoding as the clerk chose it; undefined: as detected. */
  const [encoding, setEncoding] = useState<Encoding | undefined>(undefined);
  const settled = useDebounced(options, 300);
  const vat = normalizeDecimal(settled?.defaults.vat ?? '');
  const request = file && settled && isDecimal(vat)
    ? { file, encoding, mapping: settled.mapping, existing: settled.existing, defaults: { unit: settled.defaults.unit.trim() || t('import.defaultUnit'), currency: settled.defaults.currency.trim() || 'HUF', vat: Number(vat) } }
    : null;

  // The first preview guesses the mapping; after that every change of the clerk's choices previews again.
  useEffect(() => {
    if (!file || !request) return;
    let live = true;
    setError(null);
    invoke('import.preview', request).then((p) => live && setPreview(p), (e: unknown) => live && setError(e));
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- request is derived from these
  }, [file, settled, encoding]);

  const choose = async () => {
    setError(null);
    try {
      const r = await invoke('shell.openFile', {});
      setNoFile(r.file === null && getApi().platform === 'web');
      if (!r.file) return;
      const first = await invoke('import.preview', { file: r.file, defaults: { unit: t('import.defaultUnit'), currency: 'HUF', vat: 27 } });
      setResult(null);
      setEncoding(undefined);
      setFile(r.file);
      setPreview(first);
      setOptions({ mapping: first.mapping, existing: 'update', defaults: { unit: t('import.defaultUnit'), currency: 'HUF', vat: '27' } });
    } catch (e) {
      setError(e);
    }
  };
  const commit = async () => {
    if (!request) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await invoke('import.commit', request));
      setFile(null);
      setPreview(null);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const toSend = preview ? preview.counts.create + preview.counts.update : 0;
  const stale = options !== settled || (encoding !== undefined && preview?.encoding?.name !== encoding);
  const garbled = (preview?.garbled.total ?? 0) > 0;

  return (
    <Screen title={t('nav.import')}>
      <div className="panel">
        <div className="panel-title">{t('import.title')}</div>
        <div className="panel-body stack">
          <p className="muted">{t('import.intro')}</p>
          <div className="toolbar">
            <button type="button" className="btn" onClick={() => void choose()} disabled={busy} data-testid="import-choose">
              {file ? t('import.chooseAnother') : t('import.choose')}
            </button>
            {file && preview ? (
              <span data-testid="import-file">
                {t('import.file', { name: file.name, format: preview.format === 'xlsx' ? 'XLSX' : `CSV, ${t('import.separator', { sep: preview.delimiter === '\t' ? t('import.tab') : preview.delimiter })}` })}
              </span>
            ) : null}
          </div>
          {file && preview ? <EncodingChoice preview={preview} onChange={setEncoding} /> : null}
          {noFile ? <div className="notice info" role="status">{t('import.noFile')}</div> : null}
        </div>
      </div>
      <ErrorNotice error={error} />
      {result ? <ImportDone result={result} onAgain={() => setResult(null)} /> : null}
      {file && preview && options ? (
        <>
          <GarbledNotice preview={preview} />
          <PreviewSummary preview={preview}>
            <div className="toolbar">
              <button type="button" className="btn primary" disabled={busy || stale || garbled || toSend === 0 || options.mapping.product_name === undefined} onClick={() => void commit()} data-testid="import-commit">
                {busy ? t('import.working') : t('import.submit', { count: toSend })}
              </button>
              {toSend === 0 ? <span className="muted">{t('import.nothing')}</span> : null}
            </div>
          </PreviewSummary>
          <MappingPanel preview={preview} options={options} onChange={setOptions} />
          <PreviewRows preview={preview} />
        </>
      ) : null}
      <div className="panel">
        <div className="panel-title">{t('export.catalogue')}</div>
        <div className="panel-body stack">
          <p className="muted">{t('export.catalogueHint')}</p>
          <ExportButtons testId="catalogue-export" make={(format) => invoke('export.catalogue', { format, ...words.catalogue })} />
          <p className="field-hint">{t('export.csvHint')}</p>
        </div>
      </div>
    </Screen>
  );
}
