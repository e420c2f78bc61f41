import { describe, expect, it } from 'vitest';
import { dueLetterText, type DueLetterTextInput } from '@documents/index';
import type { Locale } from '@documents/model';

const LOCALES: Locale[] = ['hu_HU', 'en_US', 'de_DE', 'pl_PL', 'es_ES'];

const input: DueLetterTextInput = {
  sellerName: 'Stockdesk Kereskedelmi Kft.',
  buyerName: 'Kovács és Fiú Kft.',
  date: '2024-05-06',
  invoiceCount: 2,
  totals: [
    { currency: 'HUF', overdue: '137806' },
    { currency: 'EUR', overdue: '120.50' },
  ],
  bankAccount: '11773016-01234567-00000000',
  contact: 'szamlazas@stockdesk.hu',
};

describe('dueLetterText', () => {
  it.each(LOCALES)('%s: subject, 8-day request, bank account, disregard-if-paid, contact', (locale) => {
    const text = dueLetterText(locale, input);
    const all = [text.subject, ...text.opening, ...text.closing].join('\n');
    expect(text.subject.length).toBeGreaterThan(10);
    expect(text.opening.length).toBeGreaterThanOrEqual(3);
    expect(text.closing.length).toBeGreaterThanOrEqual(4);
    expect(all).toContain('Kovács és Fiú Kft.');
    expect(all).toMatch(/\b8\b/);
    expect(all).toContain('11773016-01234567-00000000');
    expect(all).toContain('szamlazas@stockdesk.hu');
    expect(all).toMatch(/137[\s\u00a0\u202f.,]806/);
    expect(all).toMatch(/120[.,]50/);
    expect(all).not.toMatch(/undefined|NaN/);
  });

  it('words the singular and the plural properly', () => {
    const one = { ...input, invoiceCount: 1, totals: [{ currency: 'HUF', overdue: '109546' }] };
    expect(dueLetterText('hu_HU', one).subject).toBe('Fizetési emlékeztető – lejárt határidejű számla');
    expect(dueLetterText('hu_HU', input).subject).toBe('Fizetési emlékeztető – 2 lejárt határidejű számla');
    expect(dueLetterText('en_US', one).subject).toBe('Payment reminder – overdue invoice');
    expect(dueLetterText('en_US', input).subject).toBe('Payment reminder – 2 overdue invoices');
    expect(dueLetterText('de_DE', one).opening[1]).toContain('ist die unten aufgeführte');
    expect(dueLetterText('de_DE', input).opening[1]).toContain('sind die 2 unten aufgeführten');
    expect(dueLetterText('es_ES', input).opening[1]).toContain('las 2 facturas que se detallan');
  });

  it('hu_HU: formal Hungarian with the long date and both currencies listed', () => {
    const text = dueLetterText('hu_HU', input);
    expect(text.opening[0]).toBe('Tisztelt Partnerünk!');
    expect(text.opening[1]).toContain('2024. május 6. napjáig');
    expect(text.opening[1]).toContain('A lejárt tartozás összege: 137\u00a0806\u00a0HUF és 120,50\u00a0EUR.');
    expect(text.closing).toContain(
      'Amennyiben a tartozást időközben már rendezték, kérjük, levelünket tekintsék tárgytalannak.',
    );
    expect(text.closing.at(-1)).toBe('Tisztelettel:');
  });

  it('without bank account or contact it points to the letterhead and the seller', () => {
    const { bankAccount: _b, contact: _c, ...bare } = input;
    for (const locale of LOCALES) {
      const all = [...dueLetterText(locale, bare).opening, ...dueLetterText(locale, bare).closing].join('\n');
      expect(all).toContain('Stockdesk Kereskedelmi Kft.');
      expect(all).not.toContain('undefined');
    }
  });
});
