/**
 * A label run the clerk asked for that cannot be printed as asked (a start beyond the sheet, too many
 * labels, an unknown sheet): the clerk's to fix, said as a validation error. Any other failure while
 * rendering is a fault of ours and is not dressed up as one. A module of its own, without imports,
 * so the core can tell them apart without loading bwip-js (src/documents/labelPlan.ts and sheets.ts throw it).
 */
export class LabelRunRefused extends Error {
  override name = 'LabelRunRefused';
}
