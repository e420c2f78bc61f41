import { describe, expect, it } from 'vitest';
import { errorFromAnswer } from '@server/nav/client/client';
import { NAV_ERROR_KINDS, navErrorKind } from '@server/nav/client/errorKinds';
import type { NavErrorKind } from '@server/nav/client/types';
import { navMessageCodes } from '@shared/nav';
import { NAV_MESSAGES } from '@shared/nav/messages.generated';
import { errorAnswer } from '../../../helpers/navDouble/answers';

const echo = {
  requestId: 'RID1',
  timestamp: '2026-03-02T10:00:00.000Z',
  requestVersion: '3.0',
  headerVersion: '1.0',
  software: [['softwareId', 'HU12345678STOCKDSK']] as Array<[string, string]>,
};

// Interface specification 3.2 (and the texts' InterfaceErrorCode list): what the queue does for each.
const EXPECTED: Record<string, NavErrorKind> = {
  INVALID_SECURITY_USER: 'auth',
  INVALID_REQUEST_SIGNATURE: 'auth',
  INVALID_EXCHANGE_TOKEN: 'auth',
  NOT_REGISTERED_CUSTOMER: 'auth',
  FORBIDDEN: 'auth',
  INVALID_TIMESTAMP: 'auth',
  INVALID_USER_RELATION: 'taxpayer',
  INVALID_CUSTOMER: 'taxpayer',
  MAINTENANCE_MODE: 'maintenance',
  SERVICE_UNAVAILABLE: 'maintenance',
  OPERATION_FAILED: 'maintenance',
  ANNULMENT_VERIFICATION_BLOCKED: 'maintenance',
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

describe('NAV error codes → NavErrorKind', () => {
  it('maps every code NAV has a text for and every code of the specification, deliberately', () => {
    const interfaceCodes = navMessageCodes().filter((c) => NAV_MESSAGES[c]!.kind === 'interface');
    expect(interfaceCodes.length).toBe(28);
    for (const code of [...interfaceCodes, 'MAINTENANCE_MODE', 'NOT_ALLOWED_EXCEPTION']) {
      expect(Object.hasOwn(NAV_ERROR_KINDS, code), `${code} has no decided kind`).toBe(true);
    }
    expect(NAV_ERROR_KINDS).toEqual(EXPECTED);
  });

  it.each(Object.entries(EXPECTED))('%s in a GeneralErrorResponse is %s', (code, kind) => {
    for (const endpoint of ['manageInvoice', 'queryTransactionStatus'] as const) {
      const error = errorFromAnswer(endpoint, code === 'INVALID_SECURITY_USER' ? 401 : 400, errorAnswer(code, 'NAV says no', echo));
      expect(error).toMatchObject({ kind, code, name: 'NavError' });
      expect(error!.message).toContain(code);
    }
  });

  it('reads the GeneralExceptionResponse (an unreadable request) too', () => {
    expect(errorFromAnswer('queryTaxpayer', 400, errorAnswer('INVALID_REQUEST', 'not XML'))).toMatchObject({
      kind: 'refused',
      code: 'INVALID_REQUEST',
    });
  });

  it('keeps the technical validation messages of a schema refusal', () => {
    const body = errorAnswer('INVALID_REQUEST', 'invalid', echo, [{ code: 'SCHEMA_VIOLATION', message: "Element 'x': not expected" }]);
    expect(errorFromAnswer('manageInvoice', 400, body)?.messages).toEqual([
      { result: 'ERROR', code: 'SCHEMA_VIOLATION', message: "Element 'x': not expected" },
    ]);
  });

  it('a code NAV adds later is refused, not a crash', () => {
    expect(navErrorKind('SOMETHING_NEW')).toBe('refused');
    expect(navErrorKind('toString')).toBe('refused');
  });

  describe('answers without NAV’s XML', () => {
    it.each([
      ['manageInvoice', 500, 'Generic exception occurred!', 'lost'],
      ['manageInvoice', 502, '', 'lost'],
      ['manageInvoice', 504, '<html>gateway</html>', 'lost'],
      ['manageAnnulment', 503, '', 'lost'],
      ['queryTransactionStatus', 500, 'Generic exception occurred!', 'maintenance'],
      ['tokenExchange', 503, '', 'maintenance'],
      ['queryTransactionList', 502, '', 'maintenance'],
      ['manageInvoice', 404, '', 'auth'],
      ['tokenExchange', 405, '', 'auth'],
      ['manageInvoice', 200, 'garbage', 'lost'],
      ['queryInvoiceCheck', 200, '', 'lost'],
      ['queryTaxpayer', 400, 'bad', 'refused'],
    ] as const)('%s HTTP %i %j is %s', (endpoint, status, body, kind) => {
      expect(errorFromAnswer(endpoint, status, body)).toMatchObject({ kind, httpStatus: status });
    });

    it('a maintenance answer with its body is maintenance even for a submission', () => {
      expect(errorFromAnswer('manageInvoice', 503, errorAnswer('MAINTENANCE_MODE', 'maintenance'))).toMatchObject({
        kind: 'maintenance',
        code: 'MAINTENANCE_MODE',
      });
    });
  });
});
