/**
 * The account's VAT rates (src/shared/vat/rates.ts) enforced where a rate enters a product or an
 * order line. A rate every known country allows is accepted without reading the account, so the
 * usual 27 % costs nothing.
 */
import { invalid, reason } from '@shared/protocol';
import { rateText, VAT_RATES, vatRateMessage, vatRatesFor } from '@shared/vat/rates';
import type { Sql } from '../db/sql';
import { getAccount } from '../repos/accounts';

const everywhere = (rate: string) => Object.values(VAT_RATES).every((rates) => rates.includes(rate));

/**
 * VALIDATION_ERROR with reason vat_rate_not_allowed when the account's country does not allow the
 * rate. `field` is where the rate came from (vat, items[2]); `product` when it is a product's rate.
 */
export async function checkVatRate(sql: Sql, accountId: number, rate: string, field: string, product?: { id: number; name: string }): Promise<void> {
  const text = rateText(rate);
  if (everywhere(text)) return;
  const country = (await getAccount(sql, accountId))?.countryCode ?? '';
  const allowed = vatRatesFor(country);
  const said = vatRateMessage(country, text);
  if (!allowed || !said) return;
  const whose = product ? `Product ${product.id} (${product.name}) carries VAT ${text} %` : `VAT ${text} %`;
  const message = `${said} (a 0 % line's exemption case is decided on the invoice)`;
  throw invalid(`${whose}, which ${message}.`, [{ field, message }], reason('vat_rate_not_allowed', {
    rate: Number(text), allowed: allowed.join(', '), country, field, product_id: product?.id, product_name: product?.name,
  }));
}
