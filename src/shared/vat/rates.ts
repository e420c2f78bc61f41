/**
 * The VAT rates an account may put on products, order lines and invoices it issues, by the
 * account's country. Shared, so the server's refusal and the desk's form and import preview apply
 * the same list before anything is sent.
 *
 * Only Hungary is known: 27, 18 and 5 %, and 0 %, whose legal ground (an exemption, out of scope,
 * reverse charge) every invoice line decides from the buyer and the seller (src/server/nav/vatCase.ts).
 * Other countries' rate tables are a later extension; until then an account of another country is
 * not checked (any rate 0–100, as the schema says).
 */

/** Canonical decimal text of each rate ("27", "5"), highest first. */
export const VAT_RATES: Readonly<Record<string, readonly string[]>> = {
  HU: ['27', '18', '5', '0'],
};

/** The rates an account of this country may use, or undefined when the country's table is not known yet. */
export function vatRatesFor(countryCode: string | undefined): readonly string[] | undefined {
  return VAT_RATES[(countryCode ?? '').trim().toUpperCase()];
}

/** A rate as canonical decimal text: 27, "27.0" and "27.000000" are all "27". */
export function rateText(rate: number | string): string {
  const n = Number(rate);
  return Number.isFinite(n) ? String(n) : String(rate);
}

/** Whether the rate is allowed for the country; true when the country's table is not known yet. */
export function vatRateAllowed(countryCode: string | undefined, rate: number | string): boolean {
  const rates = vatRatesFor(countryCode);
  return !rates || rates.includes(rateText(rate));
}

/** True when the rate is one every known country table allows without looking at the account (the hot path). */
export const isHungarianRate = (rate: number | string) => VAT_RATES.HU!.includes(rateText(rate));

/**
 * What a field's detail says when the rate is not the country's, or null when it is: the server
 * and the desk give the same English phrase, which the desk words in the clerk's language.
 */
export function vatRateMessage(countryCode: string, rate: number | string | undefined): string | null {
  const rates = vatRatesFor(countryCode);
  if (rate === undefined || !rates || rates.includes(rateText(rate))) return null;
  return `is not a VAT rate of ${countryCode}: use ${rates.slice(0, -1).join(', ')} or ${rates[rates.length - 1]}`;
}
