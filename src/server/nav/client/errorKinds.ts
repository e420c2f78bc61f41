import type { NavErrorKind } from './types';

/**
 * Every errorCode NAV answers synchronously (interface specification 3.2, and the
 * InterfaceErrorCode texts of messages_*_public.properties), with what the submission queue does
 * about it. A code NAV adds later falls to 'refused' (navErrorKind), which stops nothing by itself.
 *
 * 'auth' means "this account cannot talk to NAV until a person changes something": the credentials,
 * but also the server's clock (INVALID_TIMESTAMP) and the technical user's rights (FORBIDDEN).
 */
export const NAV_ERROR_KINDS: Readonly<Record<string, NavErrorKind>> = {
  // Credentials and the technical user.
  INVALID_SECURITY_USER: 'auth',
  INVALID_REQUEST_SIGNATURE: 'auth',
  INVALID_EXCHANGE_TOKEN: 'auth',
  NOT_REGISTERED_CUSTOMER: 'auth',
  FORBIDDEN: 'auth',
  // The server's clock is more than a day off NAV's: every request would fail the same way.
  INVALID_TIMESTAMP: 'auth',
  // The tax number is not this technical user's taxpayer (or its status forbids invoicing).
  INVALID_USER_RELATION: 'taxpayer',
  INVALID_CUSTOMER: 'taxpayer',
  // NAV cannot serve now; the same request later.
  MAINTENANCE_MODE: 'maintenance',
  SERVICE_UNAVAILABLE: 'maintenance',
  OPERATION_FAILED: 'maintenance',
  ANNULMENT_VERIFICATION_BLOCKED: 'maintenance',
  // The request itself is wrong: sending it again gets the same answer.
  INVALID_REQUEST: 'refused',
  REQUEST_ID_NOT_UNIQUE: 'refused',
  INDEX_NOT_SEQUENTIAL: 'refused',
  INVALID_OPERATION: 'refused',
  NOT_ALLOWED_EXCEPTION: 'refused',
  REQUEST_VERSION_NOT_ALLOWED: 'refused',
  STATUS_QUERY_NOT_ALLOWED: 'refused',
  MULTIPLE_QUERY_RESULT_FOUND: 'refused',
  BAD_QUERY_PARAM_OVERLAP: 'refused',
  BAD_QUERY_PARAM_RANGE_EXCEEDED: 'refused',
  BAD_QUERY_PARAM_EQ_NOT_STANDALONE: 'refused',
  BAD_QUERY_PARAM_OPERATOR_COLLISION: 'refused',
  BAD_QUERY_PARAM_SUPPLIER_NOT_EXPECTED: 'refused',
  BAD_QUERY_PARAM_SUPPLIER_EXPECTED: 'refused',
  INVALID_PASSWORD_HASH_CRYPTO: 'refused',
  INVALID_REQUEST_SIGNATURE_HASH_CRYPTO: 'refused',
  INVALID_REQUEST_VERSION: 'refused',
  INVALID_HEADER_VERSION: 'refused',
};

/** The queue's decision for NAV's errorCode; unknown codes are 'refused'. */
export function navErrorKind(code: string): NavErrorKind {
  return Object.hasOwn(NAV_ERROR_KINDS, code) ? (NAV_ERROR_KINDS[code] as NavErrorKind) : 'refused';
}
