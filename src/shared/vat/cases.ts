/**
 * NAV's VAT case codes for invoice lines that carry no VAT. Shared because both the invoice data the
 * server reports (src/server/nav) and the printed documents (src/documents) name them.
 */

/** How a line without VAT is marked: an exemption (vatExemption), out of scope, reverse charge or §17. */
export type VatMarking =
  | { kind: 'exemption'; case: string; reason: string }
  | { kind: 'outOfScope'; case: string; reason: string }
  | { kind: 'domesticReverseCharge' }
  | { kind: 'noVatCharge' };

/** NAV's case codes for lines that carry no VAT, with the reason text reported beside them. */
export const VAT_CASES = {
  AAM: { kind: 'exemption', case: 'AAM', reason: 'Alanyi adómentes' },
  TAM: { kind: 'exemption', case: 'TAM', reason: 'Tárgyi adómentes (Áfa tv. 85-87. §)' },
  KBAET: {
    kind: 'exemption',
    case: 'KBAET',
    reason: 'Adómentes Közösségen belüli termékértékesítés (Áfa tv. 89. §)',
  },
  KBAUK: {
    kind: 'exemption',
    case: 'KBAUK',
    reason: 'Új közlekedési eszköz Közösségen belüli értékesítése (Áfa tv. 89. §)',
  },
  EAM: {
    kind: 'exemption',
    case: 'EAM',
    reason: 'Adómentes termékexport harmadik országba (Áfa tv. 98-109. §)',
  },
  NAM: {
    kind: 'exemption',
    case: 'NAM',
    reason: 'Egyéb nemzetközi ügyletekhez kapcsolódó adómentesség (Áfa tv. 110-118. §)',
  },
  ATK: { kind: 'outOfScope', case: 'ATK', reason: 'Áfa tv. tárgyi hatályán kívüli ügylet' },
  EUFAD37: {
    kind: 'outOfScope',
    case: 'EUFAD37',
    reason: 'Áfa tv. 37. § (1) alapján más tagállamban teljesített, fordítottan adózó szolgáltatás',
  },
  EUFADE: {
    kind: 'outOfScope',
    case: 'EUFADE',
    reason: 'Más tagállamban teljesített, fordítottan adózó ügylet',
  },
  EUE: {
    kind: 'outOfScope',
    case: 'EUE',
    reason: 'Más tagállamban teljesített, nem fordítottan adózó ügylet',
  },
  HO: { kind: 'outOfScope', case: 'HO', reason: 'Harmadik országban teljesített ügylet' },
  REVERSE_CHARGE: { kind: 'domesticReverseCharge' },
  NO_VAT_CHARGE: { kind: 'noVatCharge' },
} as const satisfies Record<string, VatMarking>;

export type VatCaseCode = keyof typeof VAT_CASES;
