/**
 * The server's product rules the desk applies before anything is sent, over the mirror: one EAN
 * names one product, and the VAT rate is one of Hungary's (src/shared/vat/rates.ts). The product
 * form's save and the import preview both ask here, so a clerk learns of a clash before saving,
 * not later in the sync centre. The English texts are phrases the renderer words in the clerk's
 * language (renderer/lib/messages.ts), the same the server gives in its details.
 */
import type { ProductRow } from '@shared/ipc/types';
import { vatRateMessage as rateMessage } from '@shared/vat/rates';
import type { Db } from './mirror/db';
import { productRow, productsWithEan } from './mirror/products';

/** The desk works for a Hungarian account: NAV invoicing, the invoice form's rates. */
export const DESK_COUNTRY = 'HU';

/** Another product that has this EAN, when the code is new to product `id` (undefined: a new product). */
export function eanTakenBy(db: Db, ean: string | undefined, id?: number): ProductRow | null {
  const code = ean?.trim();
  if (!code) return null;
  if (id !== undefined && productRow(db, id)?.ean === code) return null;
  return productsWithEan(db, code, id)[0] ?? null;
}

/** The detail a clash gives on ean_number, in the server's words. */
export const eanTakenMessage = (other: ProductRow) => `is the EAN of "${other.name}"${other.itemNumber ? ` (${other.itemNumber})` : ''} already`;

/** The detail on vat when the rate is not allowed, in the server's words; null when it is. */
export const vatRateMessage = (rate: number | string | undefined): string | null => rateMessage(DESK_COUNTRY, rate);
