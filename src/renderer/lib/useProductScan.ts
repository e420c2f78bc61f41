/**
 * Products coming into a document's lines, by pick or by scan, the same on the order and the invoice
 * form: the screen says how a product becomes a line (`add`); this says which product was added, or
 * that no product has the scanned code, beside the product field.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { toInvokeError } from './errors';
import { useScanLookup } from './useScanLookup';

export interface ScanMessage {
  kind: 'ok' | 'error';
  text: string;
}

/** `chooser` asks which product a code shared by several means (lib/useScanLookup.tsx): the screen renders it. */
export function useProductScan(add: (p: ProductRow) => void): { addProduct: (p: ProductRow) => void; onCode: (code: string) => Promise<void>; scanMsg: ScanMessage | null; chooser: ReactNode } {
  const { t } = useTranslation('billing');
  const [scanMsg, setScanMsg] = useState<ScanMessage | null>(null);
  const { lookup, chooser } = useScanLookup();
  const addProduct = (p: ProductRow) => {
    add(p);
    setScanMsg({ kind: 'ok', text: t('lines.added', { name: p.name }) });
  };
  const onCode = async (code: string) => {
    try {
      const p = await lookup(code);
      if (p === undefined) return;
      if (p) addProduct(p);
      else setScanMsg({ kind: 'error', text: t('lines.unknownCode', { code }) });
    } catch (e) {
      setScanMsg({ kind: 'error', text: toInvokeError(e).message });
    }
  };
  return { addProduct, onCode, scanMsg, chooser };
}
