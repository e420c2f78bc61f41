/**
 * Products coming into a document's lines, by pick or by scan, the same on the order and the invoice
 * form: the screen says how a product becomes a line (`add`); this says which product was added, or
 * that no product has the scanned code, beside the product field.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductRow } from '@shared/ipc';
import { toInvokeError } from './errors';
import { invoke } from './ipc';

export interface ScanMessage {
  kind: 'ok' | 'error';
  text: string;
}

export function useProductScan(add: (p: ProductRow) => void): { addProduct: (p: ProductRow) => void; onCode: (code: string) => Promise<void>; scanMsg: ScanMessage | null } {
  const { t } = useTranslation('billing');
  const [scanMsg, setScanMsg] = useState<ScanMessage | null>(null);
  const addProduct = (p: ProductRow) => {
    add(p);
    setScanMsg({ kind: 'ok', text: t('lines.added', { name: p.name }) });
  };
  const onCode = async (code: string) => {
    try {
      const p = await invoke('products.lookup', { code });
      if (p) addProduct(p);
      else setScanMsg({ kind: 'error', text: t('lines.unknownCode', { code }) });
    } catch (e) {
      setScanMsg({ kind: 'error', text: toInvokeError(e).message });
    }
  };
  return { addProduct, onCode, scanMsg };
}
