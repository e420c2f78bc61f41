/**
 * Large bodies decode in slices (steps.ts): parseRequestAsync gives the same answer as
 * parseRequest, and other work runs while it does.
 */
import { describe, expect, it } from 'vitest';
import { parseRequest, parseRequestAsync } from '@shared/protocol';

const creds = '<api_key>a</api_key><session_key>b</session_key>';
const big = Buffer.from(`<command><setOrder>${creds}<items>${'<item><product_id>7</product_id><quantity>2</quantity><description>a &amp; b</description></item>'.repeat(9_000)}</items></setOrder></command>`);

describe('decoding in slices', () => {
  it('gives exactly what the straight decode gives', async () => {
    const sliced = await parseRequestAsync(big, 'text/xml');
    const straight = parseRequest(big, 'text/xml');
    expect(sliced).toEqual(straight);
    expect((sliced.raw.items as unknown[]).length).toBe(9_000);
  });

  it('lets timers run while a large body is read', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    await parseRequestAsync(big, 'text/xml');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it('fails the same way', async () => {
    const bad = Buffer.from(`<command><getProduct>${creds}<filter>${'x'.repeat(300_000)}&bogus;</filter></getProduct></command>`);
    const straight = (() => {
      try {
        parseRequest(bad, 'text/xml');
      } catch (e) {
        return (e as Error).message;
      }
      return null;
    })();
    await expect(parseRequestAsync(bad, 'text/xml')).rejects.toThrow(straight!);
    expect(straight).toMatch(/entity reference &bogus; at line 1/);
  });
});
