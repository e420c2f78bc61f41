import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportedFile } from '@shared/ipc/dataio';
import { ErrorNotice } from '../../components/ErrorNotice';
import { invoke } from '../../lib/ipc';

type Make = (format: 'csv' | 'xlsx') => Promise<ExportedFile>;

/** CSV and XLSX buttons: the core makes the file, the shell's save dialog writes it. */
export function ExportButtons({ make, testId, disabled }: { make: Make; testId: string; disabled?: boolean }) {
  const { t } = useTranslation('dataio');
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ path: string; rows: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      const file = await make(format);
      const r = await invoke('shell.saveFile', { filename: file.filename, data: file.data });
      if (r.saved && r.path) setSaved({ path: r.path, rows: file.rows });
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <div className="toolbar">
        <button type="button" className="btn" disabled={busy || disabled} onClick={() => void run('csv')} data-testid={`${testId}-csv`}>{t('export.csv')}</button>
        <button type="button" className="btn" disabled={busy || disabled} onClick={() => void run('xlsx')} data-testid={`${testId}-xlsx`}>{t('export.xlsx')}</button>
      </div>
      {saved ? <div className="notice ok" role="status" data-testid={`${testId}-saved`}>{t('export.savedRows', { rows: saved.rows, path: saved.path })}</div> : null}
      <ErrorNotice error={error} />
    </div>
  );
}

/** The column titles and file names in the clerk's language, for the core's export channels. */
export function useExportWords() {
  const { t } = useTranslation('dataio');
  const { t: ts } = useTranslation('stockwork');
  return {
    catalogue: {
      titles: t('export.catalogueCols', { returnObjects: true }) as Record<'id' | 'item_number' | 'ean' | 'name' | 'group' | 'unit' | 'vat' | 'list_price' | 'currency' | 'total', string>,
      fileName: t('export.fileCatalogue'),
    },
    history: {
      titles: t('export.historyCols', { returnObjects: true }) as Record<'date' | 'kind' | 'warehouse' | 'bin' | 'quantity' | 'balance' | 'price' | 'currency' | 'partner' | 'document', string>,
      kinds: ts('history.kind', { returnObjects: true }) as Record<'takein' | 'wasting' | 'delivery' | 'po_takein' | 'transfer', string>,
      fileName: t('export.fileHistory'),
    },
  };
}

/** A product's stock history in the shown scope, as a file (used on the stock history screen). */
export function HistoryExport({ productId, warehouse, stockLabel }: { productId: number; warehouse: string; stockLabel: string }) {
  const { t } = useTranslation('dataio');
  const words = useExportWords().history;
  return (
    <div className="panel">
      <div className="panel-title">{t('export.history')}</div>
      <div className="panel-body">
        <ExportButtons testId="history-export" make={(format) => invoke('export.history', { productId, warehouse, stockLabel, format, ...words })} />
      </div>
    </div>
  );
}
