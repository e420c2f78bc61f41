/**
 * Round trips through the codec for every method of the catalog: params through encodeRequest /
 * decodeRequest, results through encodeResponse / decodeResponse, errors through encodeError,
 * in XML and in JSON.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeRequest,
  decodeResponse,
  encodeError,
  encodeRequest,
  encodeResponse,
  ERROR_CODES,
  ERROR_STATUS,
  METHOD_NAMES,
  METHODS,
  ProtocolError,
  type DecodedRequest,
  type ErrorBody,
  type Format,
  type MethodName,
} from '@shared/protocol';
import { CREDENTIALS, PARAMS } from '../fixtures/params';
import { RESULTS } from '../fixtures/results';
import { schemaFieldPaths, valueFieldPaths } from './zodWalk';

const FORMATS: Format[] = ['xml', 'json'];
const RECORD_KEYS = new Set(['custom_fields']);

function decodeOk<M extends MethodName>(method: M, body: string, contentType: string): DecodedRequest<M> {
  const r = decodeRequest(body, contentType);
  if (!r.ok) throw new Error(`decode failed: ${r.error.code} ${r.error.message}`);
  expect(r.request.method).toBe(method);
  return r.request as DecodedRequest<M>;
}

describe('fixtures', () => {
  it('cover every method of the catalog', () => {
    expect(Object.keys(PARAMS).sort()).toEqual([...METHOD_NAMES].sort());
    expect(Object.keys(RESULTS).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it.each(METHOD_NAMES)('%s params fixtures use every field of the schema at least once', (method) => {
    const declared = schemaFieldPaths(METHODS[method].params);
    const used = new Set<string>();
    for (const p of PARAMS[method]) for (const path of valueFieldPaths(p, RECORD_KEYS)) used.add(path);
    expect([...declared].filter((p) => !used.has(p))).toEqual([]);
    expect([...used].filter((p) => !declared.has(p))).toEqual([]);
  });

  it.each(METHOD_NAMES)('%s params fixtures are already valid, canonical params', (method) => {
    for (const p of PARAMS[method]) {
      const r = METHODS[method].params.safeParse(p);
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
      expect(r.data).toEqual(p);
    }
  });

  it.each(METHOD_NAMES)('%s result fixtures use every field of the schema and are valid', (method) => {
    const declared = schemaFieldPaths(METHODS[method].result);
    const used = new Set<string>();
    for (const r of RESULTS[method]) {
      const parsed = METHODS[method].result.safeParse(r);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      for (const path of valueFieldPaths(r, RECORD_KEYS)) used.add(path);
    }
    expect([...declared].filter((p) => !used.has(p))).toEqual([]);
  });
});

describe('params round trip', () => {
  const cases = METHOD_NAMES.flatMap((m) => PARAMS[m].map((p, i) => [m, i, p] as const));

  describe.each(FORMATS)('%s', (format) => {
    it.each(cases)('%s #%i: encodeRequest → decodeRequest gives the same params', (method, _i, params) => {
      const { body, contentType } = encodeRequest(format, method, params, CREDENTIALS);
      const req = decodeOk(method, body, contentType);
      expect(req.format).toBe(format);
      expect(req.method).toBe(method);
      expect(req.credentials).toEqual(CREDENTIALS);
      expect(req.params).toStrictEqual(params);
    });

    it.each(cases)('%s #%i: encode → decode → encode gives the identical body', (method, _i, params) => {
      const first = encodeRequest(format, method, params, CREDENTIALS);
      const again = encodeRequest(format, method, decodeOk(method, first.body, first.contentType).params, CREDENTIALS);
      expect(again.body).toBe(first.body);
    });

    it.each(cases)('%s #%i: a Uint8Array body decodes like the string', (method, _i, params) => {
      const { body, contentType } = encodeRequest(format, method, params, CREDENTIALS);
      const r = decodeRequest(new TextEncoder().encode(body), contentType);
      expect(r.ok && r.request.params).toStrictEqual(params);
    });
  });

  it('XML encodes lists as containers with one child per element, also for one element', () => {
    const { body } = encodeRequest('xml', 'getQuantities', { product_ids: [812] }, CREDENTIALS);
    expect(body).toContain('<product_ids><product_id>812</product_id></product_ids>');
    const order = encodeRequest('xml', 'setOrder', PARAMS.setOrder[1]!, CREDENTIALS).body;
    expect(order).toContain('<items><item><product_id>812</product_id><quantity>1</quantity></item></items>');
  });

  it('XML escapes markup in values and a value survives it', () => {
    const params = { name: 'A <b> & "c" ]]> d', city: '</city><x>' };
    const { body } = encodeRequest('xml', 'setWarehouse', params, CREDENTIALS);
    // Element text needs no escaped quotes (issue 15: &quot; in every quoted message was noise).
    expect(body).toContain('<name>A &lt;b&gt; &amp; "c" ]]&gt; d</name>');
    expect(decodeOk('setWarehouse', body, 'text/xml').params).toEqual(params);
  });

  it('a custom field named like a list (notes, tags, items) keeps its checkbox values in XML', () => {
    const params = { ...PARAMS.setOrder[1]!, custom_fields: { notes: ['urgent', 'fragile'], tags: ['x'], items: 'plain text' } };
    for (const format of FORMATS) {
      const { body, contentType } = encodeRequest(format, 'setOrder', params, CREDENTIALS);
      expect(decodeOk('setOrder', body, contentType).params).toStrictEqual(params);
    }
    expect(encodeRequest('xml', 'setOrder', params, CREDENTIALS).body).toContain('<notes><node>urgent</node><node>fragile</node></notes>');
  });

  it('an empty checkbox is a list in JSON but cannot be told from empty text in XML', () => {
    // XML has no way to write "a list with no nodes" other than an empty element; it reads back as "".
    const params = { ...PARAMS.setOrder[1]!, custom_fields: { Checked: [] as string[] } };
    const xml = encodeRequest('xml', 'setOrder', params, CREDENTIALS);
    expect(decodeOk('setOrder', xml.body, xml.contentType).params.custom_fields).toEqual({ Checked: '' });
    const json = encodeRequest('json', 'setOrder', params, CREDENTIALS);
    expect(decodeOk('setOrder', json.body, json.contentType).params.custom_fields).toEqual({ Checked: [] });
  });
});

describe('result round trip', () => {
  const cases = METHOD_NAMES.flatMap((m) => RESULTS[m].map((r, i) => [m, i, r] as const));

  describe.each(FORMATS)('%s', (format) => {
    it.each(cases)('%s #%i: encodeResponse → decodeResponse gives the same result', (method, _i, result) => {
      const res = encodeResponse(format, method, result as never);
      expect(res.status).toBe(200);
      expect(res.contentType).toBe(format === 'xml' ? 'text/xml; charset=utf-8' : 'application/json; charset=utf-8');
      const out = decodeResponse(format, method as MethodName, res.body);
      expect(out).toStrictEqual({ ok: true, result });
    });
  });

  it('XML writes an empty list as an empty element and reads it back as []', () => {
    const res = encodeResponse('xml', 'getProduct', RESULTS.getProduct[2]!);
    expect(res.body).toContain('<products/>');
    expect(decodeResponse('xml', 'getProduct', res.body)).toEqual({ ok: true, result: RESULTS.getProduct[2] });
  });

  it('XML single-element lists of text and numbers read back as lists', () => {
    const po = encodeResponse('xml', 'getOrderStatus', RESULTS.getOrderStatus[1]!).body;
    expect(po).toContain('<invoice_ids><invoice_id>90018</invoice_id></invoice_ids>');
    expect(decodeResponse('xml', 'getOrderStatus', po)).toEqual({ ok: true, result: RESULTS.getOrderStatus[1] });
  });
});

describe('errors', () => {
  const errors: ErrorBody[] = [
    { code: 'VALIDATION_ERROR', message: 'setOrder: items[2].quantity must be greater than 0.', details: [{ field: 'items[2].quantity', message: 'must be greater than 0' }] },
    {
      code: 'VALIDATION_ERROR',
      message: 'setInvoice: 2 problems.',
      details: [
        { field: 'currency', message: 'must be one of HUF, EUR, USD, GBP; got "XYZ"' },
        { field: '', message: 'the <request> & "body" as a whole' },
      ],
    },
    { code: 'AUTH_FAILED', message: 'The session key has expired; log in again.', details: [] },
    { code: 'MALFORMED_REQUEST', message: 'XML element <command> is not closed', details: [] },
  ];

  describe.each(FORMATS)('%s', (format) => {
    it.each(errors.map((e) => [e.code, e] as const))('%s: encodeError → decodeResponse gives the same error', (_code, error) => {
      const res = encodeError(format, 'setOrder', error);
      expect(res.status).toBe(ERROR_STATUS[error.code]);
      expect(decodeResponse(format, 'setOrder', res.body)).toStrictEqual({ ok: false, error });
    });

    it.each(ERROR_CODES)('%s: a ProtocolError keeps code, message and status; the method may be unknown', (code) => {
      const error = new ProtocolError(code, `Something about ${code}.`, [{ field: 'x', message: 'is wrong' }]);
      const res = encodeError(format, null, error);
      expect(res.status).toBe(error.httpStatus);
      expect(decodeResponse(format, 'getProduct', res.body)).toStrictEqual({ ok: false, error: error.toBody() });
    });
  });

  it('HTTP statuses follow errors.ts', () => {
    expect(ERROR_STATUS).toEqual({
      MALFORMED_REQUEST: 400,
      VALIDATION_ERROR: 400,
      AUTH_FAILED: 401,
      FORBIDDEN: 403,
      UNKNOWN_METHOD: 404,
      NOT_FOUND: 404,
      METHOD_NOT_ALLOWED: 405,
      CONFLICT: 409,
      PAYLOAD_TOO_LARGE: 413,
      UNSUPPORTED_MEDIA_TYPE: 415,
      INTERNAL_ERROR: 500,
    });
    for (const code of ERROR_CODES) expect(new ProtocolError(code, 'x').httpStatus).toBe(ERROR_STATUS[code]);
  });

  it('a decode failure carries the status of its code', () => {
    const r = decodeRequest('{"getProduct": {}}', 'application/json');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.httpStatus).toBe(400);
      expect(encodeError(r.format, r.method, r.error).status).toBe(400);
    }
  });
});
