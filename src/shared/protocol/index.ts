export * from './catalog';
export * from './codec';
export * from './errors';
export * from './reasons';
export { LOCALES, INVOICE_CURRENCIES, PAYMENT_METHODS, isCalendarDate, type Locale, type PaymentMethod } from './fields';
export * from './schemas/common';
export { CRDR, CUSTOMER_VAT_TYPES, INVOICE_STATUSES, INVOICE_TYPES, type InvoiceHeader, type InvoiceRecord } from './schemas/finance';
export type { ProductRecord } from './schemas/product';
export { HISTORY_PAGE_MAX, MOVEMENT_KINDS, TRANSFER_LINES_MAX, type Movement, type MovementKind } from './schemas/stockwork';
