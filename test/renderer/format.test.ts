import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatQuantity, formatSigned, parseNumberInput } from '@renderer/lib/format';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format', () => {
  it('shows HUF without decimals and other currencies with two, in the interface language', () => {
    expect(plain(formatMoney('hu', 1234567.4, 'HUF'))).toBe('1 234 567 Ft');
    expect(plain(formatMoney('de', 1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(plain(formatMoney('en', 1234.5, 'EUR'))).toBe('€1,234.50');
    expect(plain(formatMoney('en', 99.999, 'USD'))).toBe('US$100.00');
  });

  it('quantities keep up to three places, differences carry their sign', () => {
    expect(plain(formatQuantity('hu', 12345.5))).toBe('12 345,5');
    expect(plain(formatQuantity('en', 0.125))).toBe('0.125');
    expect(formatQuantity('en', 2)).toBe('2');
    expect(formatSigned('en', 3)).toBe('+3');
    expect(formatSigned('en', -2)).toBe('-2');
    expect(formatSigned('en', 0)).toBe('0');
  });

  it('dates are calendar dates, never shifted by the time zone', () => {
    expect(formatDate('hu', '2026-11-22')).toBe('2026. 11. 22.');
    expect(formatDate('de', '2026-01-01')).toBe('01.01.2026');
  });

  it('reads numbers the way clerks type them', () => {
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('  ')).toBeNull();
    expect(parseNumberInput('12')).toBe(12);
    expect(parseNumberInput('12,5')).toBe(12.5);
    expect(parseNumberInput('12.5')).toBe(12.5);
    expect(parseNumberInput('1 234,5')).toBe(1234.5);
    expect(parseNumberInput('1.234,5')).toBe(1234.5);
    expect(parseNumberInput('1,234.5')).toBe(1234.5);
    expect(parseNumberInput('1.234.567')).toBe(1234567);
    expect(parseNumberInput('-3')).toBe(-3);
    expect(parseNumberInput('abc')).toBeNaN();
    expect(parseNumberInput('1,2,3,4')).toBe(1234);
  });
});
