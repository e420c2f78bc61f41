import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeExchangeToken,
  encodeExchangeToken,
  newRequestId,
  passwordHash,
  requestSignature,
  signatureTimestamp,
} from '@server/nav/client/crypto';
import { defaultSchemaDir } from '../../../helpers/navDouble/xsd';

describe('requestSignature', () => {
  it("is the interface specification's worked example (1.5.1)", () => {
    expect(
      requestSignature('TSTKFT1222564', '2017-12-30T18:25:45.000Z', 'ce-8f5e-215119fa7dd621DLMRHRLH2S', [
        { operation: 'CREATE', base64: 'QWJjZDEyMzQ=' },
        { operation: 'MODIFY', base64: 'RGNiYTQzMjE=' },
      ]),
    ).toBe(
      '60BC80609EE3B8F42FE904200A49A1921A1DADA08D55319ACD40C59F626514B74EEA49011D372600A10DBCF8199D590DA9C2841D987308F2D83DAE17C2470C42',
    );
  });

  it('masks the timestamp as YYYYMMDDhhmmss in UTC, with or without a fraction (1.5.1, 1.5.3)', () => {
    expect(signatureTimestamp('2017-12-30T18:25:45.000Z')).toBe('20171230182545');
    expect(signatureTimestamp('2017-12-30T18:25:45Z')).toBe('20171230182545');
    expect(() => signatureTimestamp('2017-12-30T19:25:45+01:00')).toThrow(/not a NAV timestamp/);
  });

  // NAV's own sample requests carry their signing key in a comment: each signature must come out.
  const samples = join(defaultSchemaDir(), 'api-samples');
  const sampleKey = 'ac-ac3a-7f661bff7d342N43CYX4U9FG';
  const read = (name: string) => readFileSync(join(samples, name), 'utf8');
  const pick = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<(?:\\w+:)?${tag}(?: [^>]*)?>([^<]*)<`, 'g'))].map((m) => m[1]!);

  it.each([
    'tokenExchange.xml',
    'queryTaxpayer.xml',
    'queryInvoiceCheck.xml',
    'queryInvoiceData.xml',
    'queryTransactionList.xml',
    'queryTransactionStatus.xml',
  ])("reproduces NAV's sample %s", (name) => {
    const xml = read(name);
    expect(requestSignature(pick(xml, 'requestId')[0]!, pick(xml, 'timestamp')[0]!, sampleKey)).toBe(
      pick(xml, 'requestSignature')[0],
    );
  });

  it("reproduces NAV's manageInvoice and manageAnnulment samples, index hashes included", () => {
    for (const [name, opTag, dataTag] of [
      ['manageInvoice.xml', 'invoiceOperation', 'invoiceData'],
      ['manageAnnulment.xml', 'annulmentOperation', 'invoiceAnnulment'],
    ] as const) {
      const xml = read(name);
      const ops = pick(xml, opTag).filter((v) => v.trim() !== '');
      const data = pick(xml, dataTag);
      expect(ops.length).toBe(data.length);
      const signed = ops.map((operation, i) => ({ operation, base64: data[i]! }));
      expect(requestSignature(pick(xml, 'requestId')[0]!, pick(xml, 'timestamp')[0]!, sampleKey, signed)).toBe(
        pick(xml, 'requestSignature')[0],
      );
    }
  });
});

describe('passwordHash', () => {
  it('is SHA-512 in upper-case hex', () => {
    expect(passwordHash('abc')).toBe(
      'DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A2192992A274FC1A836BA3C23A3FEEBBD454D4423643CE80E2A9AC94FA54CA49F',
    );
  });
});

describe('exchange token', () => {
  // Made with `openssl enc -aes-128-ecb -K 61316232633364346535663667376838 -base64` (key "a1b2c3d4e5f6g7h8").
  const vector = '9Xmywf73nuoH+gkREgz9Ur2P22dOVnL6nQeQO4pYVc6K//XHB1OlV2j9TZnpp6Je';
  const token = '2F43840A-token-7f661bff7d342N43CY';

  it('decodes a token encrypted by openssl with the exchange key (AES-128-ECB)', () => {
    expect(decodeExchangeToken(vector, 'a1b2c3d4e5f6g7h8')).toBe(token);
  });

  it('encodes what it decodes', () => {
    expect(encodeExchangeToken(token, 'a1b2c3d4e5f6g7h8')).toBe(vector);
    expect(decodeExchangeToken(encodeExchangeToken('x-1', 'ZYXWVUTSRQPONMLK'), 'ZYXWVUTSRQPONMLK')).toBe('x-1');
  });

  it('refuses a wrong key loudly (bad padding), and a key that is not 16 characters', () => {
    expect(() => decodeExchangeToken(vector, 'h8g7f6e5d4c3b2a1')).toThrow();
    expect(() => decodeExchangeToken(vector, 'short')).toThrow(/16 characters/);
  });
});

describe('newRequestId', () => {
  it("matches NAV's pattern and does not repeat within a millisecond", () => {
    const at = new Date('2026-03-02T10:00:00.000Z');
    const ids = Array.from({ length: 1000 }, () => newRequestId(at));
    for (const id of ids) expect(id).toMatch(/^[+a-zA-Z0-9_]{1,30}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
