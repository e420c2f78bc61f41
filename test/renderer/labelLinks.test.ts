/** The links other screens open the labels screen with, and how the screen reads them back. */
import { describe, expect, it } from 'vitest';
import { labelsLink, parseProducts } from '../../src/renderer/screens/labels/labelLinks';

describe('labels links', () => {
  it('received quantities become whole copies (rounded up), read back per product', () => {
    const link = labelsLink([{ productId: 12, copies: 3 }, { productId: -4, copies: 2.5 }], 'PO-7');
    expect(link).toBe('/labels?products=12%3A3%2C-4%3A3&po=PO-7');
    expect(parseProducts(new URLSearchParams(link.split('?')[1]).get('products'))).toEqual([{ productId: 12, copies: 3 }, { productId: -4, copies: 3 }]);
  });
  it('malformed parts are left out, repeats summed and capped at 999', () => {
    expect(parseProducts('5:2,x,7:,5:1,8:990,8:20')).toEqual([{ productId: 5, copies: 3 }, { productId: 8, copies: 999 }]);
    expect(parseProducts(null)).toEqual([]);
  });
});
