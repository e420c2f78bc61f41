import { describe, expect, it } from 'vitest';
import { readQuantity } from '@renderer/screens/reorder/quantity';

describe('readQuantity (minimum levels and order quantities)', () => {
  it('reads what clerks type in their locale, up to three decimals', () => {
    expect(readQuantity('15,5')).toBe(15.5);
    expect(readQuantity('1 234,125')).toBe(1234.125);
    expect(readQuantity('1.005')).toBe(1.005);
    expect(readQuantity('0')).toBe(0);
  });
  it('refuses what the server would: negatives, four decimals, text', () => {
    expect(readQuantity('-1')).toBeNull();
    expect(readQuantity('1,0001')).toBeNull();
    expect(readQuantity('tíz')).toBeNull();
    expect(readQuantity('')).toBeNull();
  });
});
