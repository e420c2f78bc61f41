/**
 * Long lists are shaped a slice of elements at a time (shape.ts, shapeSteps): the result and the
 * refusals are those of the one-piece walk.
 */
import { describe, expect, it } from 'vitest';
import { METHODS } from '@shared/protocol';
import { MAX_LIST_ENTRIES, shape, shapeSteps } from '@shared/protocol/shape';
import { runSync } from '@shared/protocol/steps';

const order = (items: unknown) => ({ warehouse: 'Default', contact_id: '7', items, custom_fields: { a: { node: ['1', '2'] } } });
const both = (raw: () => Record<string, unknown>, xml: boolean) => {
  const outcome = (f: () => unknown) => {
    try {
      return { ok: f() };
    } catch (e) {
      return { error: (e as Error).message };
    }
  };
  return [
    outcome(() => shape(raw(), METHODS.setOrder.params, xml, 32, 1, MAX_LIST_ENTRIES)),
    outcome(() => runSync(shapeSteps(raw(), METHODS.setOrder.params, xml, 32, 1, MAX_LIST_ENTRIES))),
  ];
};

describe('shaping long lists in slices', () => {
  it('gives what the one-piece walk gives, JSON and XML', () => {
    const json = () => order(Array.from({ length: 2000 }, (_, i) => ({ product_id: String(i + 1), quantity: '2.5' })));
    const [a, b] = both(json, false);
    expect(b).toEqual(a);
    expect((a as { ok: { items: Array<{ quantity: number }> } }).ok.items[1999]!.quantity).toBe(2.5);
    const xml = () => order({ item: Array.from({ length: 2000 }, (_, i) => ({ product_id: String(i + 1), quantity: '1' })) });
    const [c, d] = both(xml, true);
    expect(d).toEqual(c);
    expect((c as { ok: { items: unknown[] } }).ok.items).toHaveLength(2000);
  });

  it('refuses the same way, deep in a long list', () => {
    const bad = () => order(Array.from({ length: 2000 }, (_, i) => (i === 1500 ? { product_id: 1, constructor: 1 } : { product_id: 1 })));
    const [a, b] = both(bad, false);
    expect(b).toEqual(a);
    expect(a).toEqual({ error: 'Field name "constructor" is not allowed.' });
    const long = () => order(Array.from({ length: 2000 }, (_, i) => ({ product_id: 1, description: i === 1999 ? 'x'.repeat(20_001) : 'y' })));
    const [c, d] = both(long, false);
    expect(d).toEqual(c);
    expect(c).toEqual({ error: 'description is 20001 characters long; no field takes more than 10000.' });
  });
});
