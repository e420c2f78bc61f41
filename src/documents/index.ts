export { renderInvoicePdf } from './invoicePdf';
export { renderDueLetterPdf } from './dueLetterPdf';
export { dueLetterText, type DueLetterText, type DueLetterTextInput } from './letterText';
export { messages, paymentMethodLabel, PAYMENT_METHODS, type Messages, type PaymentMethod } from './i18n';
export { formatter, currencyDecimals, type Formatter } from './format';
export { documentFonts, fontDirectory, type DocumentFonts } from './fonts';
export type * from './model';
export { renderValuationPdf, type ValuationDocument } from './valuationPdf';
// Labels (labelsPdf.ts, labelPlan.ts) are imported from their own modules, not from here: bwip-js
// takes ~190 ms to load, which neither the server nor the desk's start should pay for.
