/**
 * Which barcode a label carries, decided the same way by the labels screen (which shows it before
 * printing) and the label sheet (src/documents/labelBarcode.ts, which draws it). Pure, no Node.
 */
export type Symbology = 'ean13' | 'code128';

/** Why a label has no barcode; the desk words each one in the clerk's language. */
export type BarcodeProblem = 'no_code' | 'not_ascii' | 'too_wide' | 'too_small';

export interface BarcodeChoice {
  symbology: Symbology;
  /** What a scanner reads back. */
  value: string;
}

const EAN13 = /^\d{13}$/;
/** Code 128 carries ASCII without tricks; beyond it scanners disagree (FNC4 / Latin-1), so those codes are refused. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/** True for 13 digits whose last is the GS1 check digit of the other twelve. */
export function isValidEan13(code: string): boolean {
  if (!EAN13.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

/**
 * EAN-13 when the product's EAN is a valid EAN-13; otherwise Code 128 of the SKU (item number), or
 * of the EAN when there is no SKU (an EAN-8, UPC or a code with a wrong check digit is still the
 * product's code). Null with the reason when nothing printable is left.
 */
export function chooseBarcode(ean: string | null, sku: string | null): BarcodeChoice | { problem: BarcodeProblem } {
  const e = ean?.trim() ?? '';
  const s = sku?.trim() ?? '';
  if (isValidEan13(e)) return { symbology: 'ean13', value: e };
  const candidates = [s, e].filter((c) => c !== '');
  if (candidates.length === 0) return { problem: 'no_code' };
  const ascii = candidates.find((c) => PRINTABLE_ASCII.test(c));
  return ascii === undefined ? { problem: 'not_ascii' } : { symbology: 'code128', value: ascii };
}

/** A bin's code as Code 128, or the reason it cannot be one. */
export function binBarcode(bin: string): BarcodeChoice | { problem: BarcodeProblem } {
  const b = bin.trim();
  if (b === '') return { problem: 'no_code' };
  return PRINTABLE_ASCII.test(b) ? { symbology: 'code128', value: b } : { problem: 'not_ascii' };
}
