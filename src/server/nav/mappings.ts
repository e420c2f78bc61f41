/**
 * Fixed vocabularies of NAV Online Számla 3.0 and how Stockdesk's own values map onto them.
 * Kept apart from the builder so the tables can be read (and reviewed by an accountant) alone.
 */
import type { VatCaseCode } from '@shared/vat/cases';

export type NavUnitOfMeasure =
  | 'PIECE'
  | 'KILOGRAM'
  | 'TON'
  | 'KWH'
  | 'DAY'
  | 'HOUR'
  | 'MINUTE'
  | 'MONTH'
  | 'LITER'
  | 'KILOMETER'
  | 'CUBIC_METER'
  | 'METER'
  | 'LINEAR_METER'
  | 'CARTON'
  | 'PACK'
  | 'OWN';

// invoiceData.xsd has no SQUARE_METER, so m2 falls through to OWN with the literal unit.
// prettier-ignore
const UNITS: Record<string, Exclude<NavUnitOfMeasure, 'OWN'>> = {
  pcs: 'PIECE', pc: 'PIECE', piece: 'PIECE', pieces: 'PIECE', db: 'PIECE', darab: 'PIECE', ea: 'PIECE',
  kg: 'KILOGRAM', kilogram: 'KILOGRAM', kilogramm: 'KILOGRAM',
  t: 'TON', ton: 'TON', tonne: 'TON', tonna: 'TON',
  kwh: 'KWH',
  day: 'DAY', days: 'DAY', nap: 'DAY',
  h: 'HOUR', hr: 'HOUR', hour: 'HOUR', hours: 'HOUR', óra: 'HOUR', ora: 'HOUR', ó: 'HOUR',
  min: 'MINUTE', minute: 'MINUTE', minutes: 'MINUTE', perc: 'MINUTE',
  month: 'MONTH', months: 'MONTH', hónap: 'MONTH', honap: 'MONTH', hó: 'MONTH',
  l: 'LITER', liter: 'LITER', litre: 'LITER',
  km: 'KILOMETER', kilometer: 'KILOMETER', kilométer: 'KILOMETER',
  m3: 'CUBIC_METER', 'm³': 'CUBIC_METER', köbméter: 'CUBIC_METER',
  m: 'METER', meter: 'METER', metre: 'METER', méter: 'METER',
  fm: 'LINEAR_METER', folyóméter: 'LINEAR_METER',
  carton: 'CARTON', karton: 'CARTON', ctn: 'CARTON',
  pack: 'PACK', pk: 'PACK', pkg: 'PACK', csomag: 'PACK', csom: 'PACK',
};

/** The canonical unit for `unit`, or OWN: the caller then reports the literal text as unitOfMeasureOwn. */
export function mapUnit(unit: string): NavUnitOfMeasure {
  const key = unit.trim().toLowerCase().replace(/\.$/, '');
  return UNITS[key] ?? 'OWN';
}

export type NavPaymentMethod = 'TRANSFER' | 'CASH' | 'CARD' | 'VOUCHER' | 'OTHER';

// Keys are setInvoice's payment methods lower-cased with dots and spaces removed.
const PAYMENT_METHODS: Record<string, NavPaymentMethod> = {
  transfer: 'TRANSFER',
  // A direct debit moves money bank account to bank account, only initiated by the payee.
  directdebit: 'TRANSFER',
  cash: 'CASH',
  bankcard: 'CARD',
  card: 'CARD',
  // NAV's VOUCHER is "utalvány, váltó, egyéb pénzhelyettesítő eszköz": a cheque is such an instrument.
  cheque: 'VOUCHER',
  // Cash on delivery: how the courier is paid (cash or card) is unknown when the invoice is issued.
  cod: 'OTHER',
  other: 'OTHER',
};

/** Unknown methods report OTHER rather than failing: paymentMethod is optional data for NAV. */
export function mapPaymentMethod(method: string): NavPaymentMethod {
  return PAYMENT_METHODS[method.toLowerCase().replace(/[.\s_-]/g, '')] ?? 'OTHER';
}

export type LineNature = 'PRODUCT' | 'SERVICE' | 'OTHER';

/** Where the buyer sits for VAT: decides which exemption a 0% line defaults to. */
export type VatContext = 'domestic' | 'eu' | 'thirdCountry';

/**
 * The default marking of a 0% line. Deposits (betétdíj) are not consideration for a supply, so
 * they are outside the VAT act. Otherwise the place of the buyer and the line's nature decide:
 * an EU business buyer gets the intra-community exemption for goods and the §37 reverse charge
 * for services, a third-country buyer the export exemption for goods and "supplied outside the
 * EU" for services. At home, AAM ("the seller is exempt as a person") is only true for a seller
 * under the subject exemption; for any other seller a 0% line is an exemption of the supply
 * itself (TAM), since the same invoice may well charge 27% on its other lines.
 */
export function defaultZeroVatCase(ctx: {
  context: VatContext;
  nature: LineNature;
  deposit: boolean;
  supplierIndividualExemption: boolean;
}): VatCaseCode {
  if (ctx.deposit) return 'ATK';
  if (ctx.context === 'eu') return ctx.nature === 'SERVICE' ? 'EUFAD37' : 'KBAET';
  if (ctx.context === 'thirdCountry') return ctx.nature === 'SERVICE' ? 'HO' : 'EAM';
  return ctx.supplierIndividualExemption ? 'AAM' : 'TAM';
}

/** EU member states by ISO 3166 code, plus the VAT-number prefixes that differ (EL, XI). */
// prettier-ignore
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'EL', 'HR', 'HU', 'IE',
  'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
]);
