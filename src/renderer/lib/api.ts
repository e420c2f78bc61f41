/**
 * The one place that touches `window.stockdesk`. Not declared on Window globally: the preload and
 * the web bridge own that object, and a second global declaration would have to match theirs exactly.
 */
import type { StockdeskApi } from '@shared/ipc';

type WithApi = { stockdesk?: StockdeskApi };

export function findApi(): StockdeskApi | undefined {
  return (window as unknown as WithApi).stockdesk;
}

export function getApi(): StockdeskApi {
  const api = findApi();
  if (!api) throw new Error('window.stockdesk is missing: the app was opened without its core.');
  return api;
}

/** Tests install a fake here; the web bridge installs the real one. */
export function setApi(api: StockdeskApi | undefined): void {
  (window as unknown as WithApi).stockdesk = api;
}
