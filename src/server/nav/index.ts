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
  VAT_CASES,
  type LineNature,
  type NavPaymentMethod,
  type NavUnitOfMeasure,
  type VatCaseCode,
  type VatContext,
  type VatMarking,
} from './mappings';
export { NavInvoiceDataError } from './values';
export {
  buyerVatContext,
  lineNature,
  supplierSubjectExempt,
  zeroVatCase,
  zeroVatCases,
  type VatCaseOptions,
} from './vatCase';
