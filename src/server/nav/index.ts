export {
  buildInvoiceDataXml,
  NAV_BASE_NS,
  NAV_COMMON_NS,
  NAV_DATA_NS,
  type NavInvoiceOptions,
} from './invoiceData';
export {
  defaultZeroVatCase,
  mapPaymentMethod,
  mapUnit,
  type LineNature,
  type NavPaymentMethod,
  type NavUnitOfMeasure,
  type VatContext,
} from './mappings';
export { VAT_CASES, type VatCaseCode, type VatMarking } from '@shared/vat/cases';
export { NavInvoiceDataError } from './values';
export {
  buyerVatContext,
  lineNature,
  supplierSubjectExempt,
  zeroVatCase,
  zeroVatCases,
  type VatCaseOptions,
} from './vatCase';
