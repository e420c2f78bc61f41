import { describe, expect, it } from 'vitest';
import { documentFonts, formatter, messages, PAYMENT_METHODS, paymentMethodLabel } from '@documents/index';
import type { Locale } from '@documents/model';

const LOCALES: Locale[] = ['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES'];
const plain = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

/** Every string leaf and function result of a message table, with its path. */
function leaves(value: unknown, path: string): Array<[string, string]> {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value === 'function') return [[path, String((value as (...a: unknown[]) => unknown)('X', 'Y'))]];
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, `${path}.${k}`));
  }
  return [[path, `unexpected ${typeof value}`]];
}

describe('messages', () => {
  it('has the same, non-empty labels in every locale', () => {
    const reference = leaves(messages('hu_HU'), '').map(([p]) => p);
    for (const locale of LOCALES) {
      const entries = leaves(messages(locale), '');
      expect(entries.map(([p]) => p)).toEqual(reference);
      for (const [path, text] of entries) expect(text.trim(), `${locale}${path}`).not.toBe('');
    }
  });

  it('translates the titles and the draft marking', () => {
    expect(LOCALES.map((l) => messages(l).title.invoice)).toEqual([
      'Számla',
      'Invoice',
      'Rechnung',
      'Faktura',
      'Factura',
    ]);
    expect(messages('hu_HU').title.proforma).toBe('Díjbekérő (proforma)');
    expect(messages('hu_HU').title.storno).toBe('Sztornó számla');
    expect(messages('en_US').draftWatermark).toBe('DRAFT — NOT YET NUMBERED');
    expect(new Set(LOCALES.map((l) => messages(l).draftWatermark)).size).toBe(5);
    expect(messages('en_US').page(1, 3)).toBe('Page 1 / 3');
    expect(messages('hu_HU').page(1, 3)).toBe('1 / 3. oldal');
  });

  it('names every setInvoice payment method and passes unknown ones through', () => {
    for (const locale of LOCALES) {
      const names = PAYMENT_METHODS.map((m) => paymentMethodLabel(locale, m));
      expect(new Set(names).size).toBe(PAYMENT_METHODS.length);
    }
    expect(paymentMethodLabel('hu_HU', 'c.o.d.')).toBe('Utánvét');
    expect(paymentMethodLabel('de_DE', 'direct debit')).toBe('Lastschrift');
    expect(paymentMethodLabel('en_US', 'barter')).toBe('barter');
  });
});

describe('formatter', () => {
  it('formats money with the currency code, HUF without decimals', () => {
    expect(plain(formatter('hu_HU').money('109546', 'HUF'))).toBe('109 546 HUF');
    expect(plain(formatter('hu_HU').money('4500', 'HUF'))).toBe('4 500 HUF');
    expect(plain(formatter('en_US').money('6793.24', 'EUR'))).toBe('EUR 6,793.24');
    expect(plain(formatter('de_DE').money('6793.2', 'EUR'))).toBe('6.793,20 EUR');
    expect(plain(formatter('pl_PL').money('1234.5', 'EUR'))).toBe('1 234,50 EUR');
    expect(plain(formatter('es_ES').money('1234.5', 'EUR'))).toBe('1.234,50 EUR');
    expect(plain(formatter('hu_HU').money('-109546', 'HUF'))).toBe('-109 546 HUF');
  });

  it('is exact for amounts beyond float precision and never hides extra digits', () => {
    expect(plain(formatter('en_US').amount('12345678901234567.89', 'EUR'))).toBe('12,345,678,901,234,567.89');
    expect(plain(formatter('en_US').amount('1.2345', 'EUR'))).toBe('1.2345');
    expect(() => formatter('en_US').amount('12,5', 'EUR')).toThrow(/Not a decimal/);
  });

  it('formats dates, quantities, percentages and the fx rate per locale', () => {
    expect(LOCALES.map((l) => formatter(l).date('2024-03-05'))).toEqual([
      '2024. 03. 05.',
      '03/05/2024',
      '05.03.2024',
      '05.03.2024',
      '05/03/2024',
    ]);
    expect(formatter('hu_HU').longDate('2024-05-06')).toBe('2024. május 6.');
    expect(formatter('hu_HU').quantity('2.50')).toBe('2,5');
    expect(formatter('hu_HU').percent('27')).toBe('27%');
    expect(plain(formatter('de_DE').percent('5.5'))).toBe('5,5 %');
    expect(formatter('hu_HU').fxRate('395.12', 'EUR')).toBe('1 EUR = 395,12 HUF');
    expect(formatter('de_DE').country('HU')).toBe('Ungarn');
  });
});

describe('documentFonts', () => {
  it('reads the two DejaVu TrueType files once', () => {
    const fonts = documentFonts();
    expect(fonts.regular.readUInt32BE(0)).toBe(0x00010000);
    expect(fonts.bold.readUInt32BE(0)).toBe(0x00010000);
    expect(documentFonts()).toBe(fonts);
  });
});
