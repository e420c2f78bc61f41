/**
 * Worked examples shared by the totals tests, typed the way a clerk types them (decimal commas
 * included). Expected figures are computed by hand in the comments; docs/money.md has the rules.
 */
import type { LineText } from '@renderer/lib/lineMath';

/** HUF, VAT 27/18/5/0, discounts. */
export const HUF_LINES: LineText[] = [
  // 3 × 1234 = 3702; −10 % = 3331.8 → 3332; VAT 27 %: 899.64 → 900; gross 4232
  { quantity: '3', unitPrice: '1234', discount: '10', vatRate: '27' },
  // 2 × 450 = 900; VAT 18 %: 162; gross 1062
  { quantity: '2', unitPrice: '450', discount: '', vatRate: '18' },
  // 1.5 × 999 = 1498.5; −5 % = 1423.575 → 1424; VAT 5 %: 71.2 → 71; gross 1495
  { quantity: '1,5', unitPrice: '999', discount: '5', vatRate: '5' },
  // 7 × 333 = 2331; VAT 0 %: 0; gross 2331
  { quantity: '7', unitPrice: '333', discount: '0', vatRate: '0' },
  // 5000; −25 % = 3750; VAT 27 %: 1012.5 → 1013 (half away from zero); gross 4763
  { quantity: '1', unitPrice: '5 000', discount: '25', vatRate: '27' },
  // 10 × 12.5 = 125; VAT 18 %: 22.5 → 23; gross 148
  { quantity: '10', unitPrice: '12,5', discount: '', vatRate: '18' },
];

export const HUF_EXPECTED = {
  lines: ['4232', '1062', '1495', '2331', '4763', '148'],
  vatSummary: [
    // 27 %: 3332 + 3750 = 7082 net; 900 + 1013 = 1913 VAT; 8995 gross
    { vatRate: '27', net: '7082', vat: '1913', gross: '8995' },
    // 18 %: 900 + 125 = 1025; 162 + 23 = 185; 1210
    { vatRate: '18', net: '1025', vat: '185', gross: '1210' },
    { vatRate: '5', net: '1424', vat: '71', gross: '1495' },
    { vatRate: '0', net: '2331', vat: '0', gross: '2331' },
  ],
  // 7082 + 1025 + 1424 + 2331 = 11862; 1913 + 185 + 71 + 0 = 2169; 14031
  totals: { net: '11862', vat: '2169', gross: '14031' },
};

export const EUR_FX = '395,5';

/** EUR at 395.5 HUF/EUR, VAT 27/18/5, a discount; HUF values per line. */
export const EUR_LINES: LineText[] = [
  // 4 × 19.99 = 79.96; VAT 27 %: 21.5892 → 21.59; gross 101.55; HUF 31624.18 → 31624, 8538.845 → 8539
  { quantity: '4', unitPrice: '19,99', discount: '', vatRate: '27' },
  // 2.5 × 12.34 = 30.85; −15 % = 26.2225 → 26.22; VAT 18 %: 4.7196 → 4.72; gross 30.94; HUF 10370.01 → 10370, 1866.76 → 1867
  { quantity: '2,5', unitPrice: '12.34', discount: '15', vatRate: '18' },
  // 0.99; VAT 5 %: 0.0495 → 0.05; gross 1.04; HUF 391.545 → 392, 19.775 → 20
  { quantity: '1', unitPrice: '0,99', discount: '', vatRate: '5' },
  // 3 × 10 = 30.00; VAT 27 %: 8.10; gross 38.10; HUF 11865, 3203.55 → 3204
  { quantity: '3', unitPrice: '10', discount: '', vatRate: '27' },
];

export const EUR_EXPECTED = {
  lines: ['101.55', '30.94', '1.04', '38.10'],
  vatSummary: [
    // 27 %: 79.96 + 30.00 = 109.96; 21.59 + 8.10 = 29.69; 139.65; HUF 31624 + 11865 = 43489, 8539 + 3204 = 11743
    { vatRate: '27', net: '109.96', vat: '29.69', gross: '139.65', netHuf: '43489', vatHuf: '11743' },
    { vatRate: '18', net: '26.22', vat: '4.72', gross: '30.94', netHuf: '10370', vatHuf: '1867' },
    { vatRate: '5', net: '0.99', vat: '0.05', gross: '1.04', netHuf: '392', vatHuf: '20' },
  ],
  // 137.17 net, 34.46 VAT, 171.63 gross; HUF 54251 + 13630 = 67881 (sums of line HUF values)
  totals: { net: '137.17', vat: '34.46', gross: '171.63', netHuf: '54251', vatHuf: '13630', grossHuf: '67881' },
};
