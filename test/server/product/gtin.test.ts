/**
 * A numeric code of GTIN length (8, 12, 13 or 14 digits) carries a GS1 check digit. A wrong one is a
 * mistyped or misread code: the server refuses it over HTTP, in both formats, naming ean_number
 * and the digit it expected, and stores nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@shared/protocol/fields';
import { startTestServer, type TestServer } from '../../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('the GTIN check digit', () => {
  it('computes GS1 check digits', () => {
    expect(gtinCheckDigit('599000000000')).toBe(9); // 5990000000009
    expect(gtinCheckDigit('400638133393')).toBe(1); // 4006381333931, GS1's own example
    expect(gtinCheckDigit('9638507')).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
  });

  it.each(['json', 'xml'] as const)('refuses EAN 5990000000001 (its check digit is 9) with VALIDATION_ERROR on ean_number (%s)', async (format) => {
    const r = await s.call('setProduct', { product_name: `Hibás EAN ${format}`, currency: 'HUF', vat: 27, unit: 'db', ean_number: '5990000000001' }, { format });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(400);
    expect(r.error.code).toBe('VALIDATION_ERROR');
    const d = r.error.details?.find((x) => x.field === 'ean_number');
    expect(d?.message).toMatch(/check digit/);
    expect(d?.message).toContain('should be 9');
    expect((await s.ok('getProduct', { filter: `Hibás EAN ${format}` }, { format })).products).toEqual([]);
  });

  it.each([['96385073', 4], ['036000291451', 2], ['00012345600011', 2]] as const)('refuses %s (GTIN-8/12/14) naming the expected digit %i', async (code, expected) => {
    const r = await s.call('setProduct', { product_name: 'Hibás kód', currency: 'HUF', vat: 27, unit: 'db', ean_number: code });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.details?.find((x) => x.field === 'ean_number')?.message).toContain(`should be ${expected}`);
  });

  it.each(['json', 'xml'] as const)('stores a code with the right check digit (%s)', async (format) => {
    // One EAN names one product (eanUnique.test.ts): each format's product has its own code.
    const ean = format === 'json' ? '5990000000009' : '5990000000016';
    const r = await s.ok('setProduct', { product_name: `Jó EAN ${format}`, currency: 'HUF', vat: 27, unit: 'db', ean_number: ean }, { format });
    expect(r.id).toBeGreaterThan(0);
    const got = await s.ok('getProduct', { filter: `Jó EAN ${format}` }, { format });
    expect(got.products[0]?.ean_number).toBe(ean);
  });
});
