/**
 * queryTaxpayer (crm area, an extension): a Hungarian tax number checked at NAV with the account's
 * technical user, answering the name and address NAV holds, for the desk's contact form.
 */
import { conflict, reason, type Params, type Result } from '@shared/protocol';
import type { RequestContext } from '../../context';
import { NavError } from '../../nav/client/errors';

export async function queryTaxpayer(ctx: RequestContext, p: Params<'queryTaxpayer'>): Promise<Result<'queryTaxpayer'>> {
  const taxNumber8 = p.tax_number.replace(/-/g, '').slice(0, 8);
  const client = await ctx.services.navClient?.(ctx.accountId);
  if (!client) {
    throw conflict('This account has no NAV connection, so tax numbers cannot be checked at NAV; an operator sets one with "admin nav set" (docs/nav.md).', [
      { field: 'tax_number', message: 'cannot be checked: no NAV connection' },
    ], reason('nav_unavailable', { state: 'not_configured' }));
  }
  try {
    const t = await client.queryTaxpayer(taxNumber8);
    return {
      tax_number: taxNumber8,
      valid: t.valid ? 1 : 0,
      name: t.name,
      short_name: t.shortName,
      full_tax_number: t.taxNumber,
      country_code: t.address?.countryCode,
      postal_code: t.address?.postalCode,
      city: t.address?.city,
      street: t.address?.street,
    };
  } catch (e) {
    if (!(e instanceof NavError)) throw e;
    const later = e.kind === 'network' || e.kind === 'maintenance' || e.kind === 'lost';
    throw conflict(`NAV could not be asked about ${taxNumber8}: ${e.message}${later ? '; try again later' : '; an operator must check the NAV connection (admin nav test)'}.`, [
      { field: 'tax_number', message: 'could not be checked at NAV' },
    ], reason('nav_unavailable', { state: e.kind }));
  }
}
