export * from './types';
export { NavError } from './errors';
export { NAV_ERROR_KINDS, navErrorKind } from './errorKinds';
export {
  decodeExchangeToken,
  encodeExchangeToken,
  navTimestamp,
  newRequestId,
  passwordHash,
  requestSignature,
  sha3Upper,
  signatureTimestamp,
} from './crypto';
export { NavClient, errorFromAnswer, type NavClientOptions } from './client';
export { nodeTransport, NavTransportError, type NodeTransportOptions } from './transport';
export { NAV_API_NS, NAV_COMMON_NS, NAV_ANNUL_NS, type NavEndpoint } from './requests';
