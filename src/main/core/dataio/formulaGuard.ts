/**
 * CSV (formula) injection: a spreadsheet runs a cell that begins with = + - @ (or a tab or CR before
 * them) as a formula, so a product named `=HYPERLINK(…)` would be a live link, or worse, in the
 * clerk's export. OWASP's advice: begin such text with an apostrophe, which makes it text. Only text
 * is guarded; numbers (negative quantities) are written as numbers and stay numbers. The importer
 * takes the apostrophe off again, so an exported file imported back changes nothing.
 */
const RUNS = /^[=+\-@\t\r]/;

export function guardFormula(s: string): string {
  return RUNS.test(s) ? `'${s}` : s;
}

/** The text as it was before guardFormula: an apostrophe only before what a spreadsheet would run. */
export function unguardFormula(s: string): string {
  return s.startsWith("'") && RUNS.test(s.slice(1)) ? s.slice(1) : s;
}
