/**
 * The one way a screen turns a scanned code into a product: the mirror's matches (products.matches),
 * and when the code names more than one product (data from before one EAN, one product) a dialog
 * asks the clerk which. `lookup` answers the product, null when no product has the code, or
 * undefined when the clerk closed the question without choosing; the screen renders `chooser`.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { ProductRow } from '@shared/ipc';
import { ScanChoiceDialog } from '../components/ScanChoiceDialog';
import { invoke } from './ipc';

interface Asking {
  code: string;
  options: ProductRow[];
}

export function useScanLookup(): { lookup: (code: string) => Promise<ProductRow | null | undefined>; chooser: ReactNode } {
  const [asking, setAsking] = useState<Asking | null>(null);
  const answer = useRef<((p: ProductRow | undefined) => void) | null>(null);
  const lookup = useCallback(async (code: string) => {
    const found = await invoke('products.matches', { code }).catch(() => [] as ProductRow[]);
    if (found.length <= 1) return found[0] ?? null;
    answer.current?.(undefined);
    return new Promise<ProductRow | undefined>((resolve) => {
      answer.current = resolve;
      setAsking({ code, options: found });
    });
  }, []);
  const settle = (p: ProductRow | undefined) => {
    setAsking(null);
    answer.current?.(p);
    answer.current = null;
  };
  const chooser = asking ? <ScanChoiceDialog code={asking.code} options={asking.options} onChoose={settle} onClose={() => settle(undefined)} /> : null;
  return { lookup, chooser };
}
