/**
 * The NAV double's answers as XML text, shaped by invoiceApi.xsd's response types: header and
 * software echoed from the request, `result`, then the operation's own elements.
 */
import { NAV_API_NS, NAV_COMMON_NS } from '@server/nav/client/requests';
import { escapeXml } from '@server/nav/client/requests';

export const NAV_BASE_NS = 'http://schemas.nav.gov.hu/OSA/3.0/base';

export interface Echo {
  requestId: string;
  timestamp: string;
  requestVersion: string;
  headerVersion?: string;
  /** The request's software element, re-serialised (children in order). */
  software: Array<[string, string]>;
}

export const el = (name: string, value: string | number | boolean) => `<${name}>${escapeXml(String(value))}</${name}>`;

function head(echo: Echo): string {
  return (
    '<common:header>' +
    el('common:requestId', echo.requestId) +
    el('common:timestamp', echo.timestamp) +
    el('common:requestVersion', echo.requestVersion) +
    (echo.headerVersion ? el('common:headerVersion', echo.headerVersion) : '') +
    '</common:header>'
  );
}

function software(echo: Echo): string {
  return '<software>' + echo.software.map(([k, v]) => el(k, v)).join('') + '</software>';
}

function root(name: string, inner: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    `<${name} xmlns="${NAV_API_NS}" xmlns:common="${NAV_COMMON_NS}" xmlns:base="${NAV_BASE_NS}">${inner}</${name}>`
  );
}

/** An OK answer: `<Name>` with header, result OK, software and `body`. */
export function okAnswer(name: string, echo: Echo, body: string): string {
  return root(name, head(echo) + '<common:result><common:funcCode>OK</common:funcCode></common:result>' + software(echo) + body);
}

export interface TechnicalMessage {
  code: string;
  message: string;
}

/** GeneralErrorResponse (when the request's header could be read) or common's GeneralExceptionResponse. */
export function errorAnswer(code: string, message: string, echo?: Echo, technical: readonly TechnicalMessage[] = []): string {
  const result =
    el('common:funcCode', 'ERROR') + el('common:errorCode', code) + el('common:message', message.slice(0, 1024));
  if (!echo || echo.software.length === 0) {
    return (
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      `<GeneralExceptionResponse xmlns="${NAV_COMMON_NS}">` +
      el('funcCode', 'ERROR') +
      el('errorCode', code) +
      el('message', message.slice(0, 1024)) +
      '</GeneralExceptionResponse>'
    );
  }
  const tech = technical
    .map(
      (t) =>
        '<technicalValidationMessages>' +
        el('common:validationResultCode', 'ERROR') +
        el('common:validationErrorCode', t.code) +
        el('common:message', t.message.slice(0, 1024) || t.code) +
        '</technicalValidationMessages>',
    )
    .join('');
  return root('GeneralErrorResponse', head(echo) + `<common:result>${result}</common:result>` + software(echo) + tech);
}
