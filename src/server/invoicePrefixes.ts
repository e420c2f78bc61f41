/**
 * The invoice series prefixes from CLI flags or the environment (flags win): --invoice-prefix /
 * STOCKDESK_INVOICE_PREFIX for tax invoices, advance invoices and stornos (default SD; supplier
 * invoices are registered under `${prefix}-R`), --proforma-prefix / STOCKDESK_PROFORMA_PREFIX for
 * proformas (default PRO). Numbers are PREFIX-YEAR-NNNNNN (services/finance/numbering.ts).
 */
import { defaultConfig, type ServerConfig } from './config';

export const PREFIX_OPTIONS = {
  'invoice-prefix': { type: 'string' },
  'proforma-prefix': { type: 'string' },
} as const;

export interface PrefixArgs {
  'invoice-prefix'?: string;
  'proforma-prefix'?: string;
}

export class InvoicePrefixError extends Error {
  override name = 'InvoicePrefixError';
}

// Letters and digits only: no hyphen, so no prefix can be another's `-R` register or be read as a
// year; at most 10, so the longest number (PREFIX-R-YEAR-NNNNNN) stays far below NAV's 50 characters.
const PREFIX = /^[A-Z][A-Z0-9]{0,9}$/;
const RULE = 'must be 1 to 10 capital letters A–Z and digits 0–9, starting with a letter (numbers read PREFIX-YEAR-NNNNNN, e.g. SD-2026-000001)';

export function invoicePrefixes(args: PrefixArgs, env: NodeJS.ProcessEnv = process.env): Pick<ServerConfig, 'invoicePrefix' | 'proformaPrefix'> {
  const defaults = defaultConfig();
  const pick = (flag: keyof PrefixArgs, name: string, fallback: string) => {
    // An empty variable counts as unset, as the server's other variables do; an empty flag is refused.
    const [value, from] = args[flag] !== undefined ? [args[flag], `--${flag}`] : env[name] ? [env[name], name] : [fallback, null];
    if (from && !PREFIX.test(value)) throw new InvoicePrefixError(`${from} ${RULE}; got ${JSON.stringify(value)}`);
    return value;
  };
  const invoicePrefix = pick('invoice-prefix', 'STOCKDESK_INVOICE_PREFIX', defaults.invoicePrefix);
  const proformaPrefix = pick('proforma-prefix', 'STOCKDESK_PROFORMA_PREFIX', defaults.proformaPrefix);
  // One series for both would hand tax-invoice numbers to proformas, leaving gaps in the tax series.
  if (invoicePrefix === proformaPrefix) {
    throw new InvoicePrefixError(`--proforma-prefix (${proformaPrefix}) must differ from --invoice-prefix (${invoicePrefix}): proformas have their own series, so that tax invoice numbers stay gap-free.`);
  }
  return { invoicePrefix, proformaPrefix };
}
