/**
 * The connectivity judgement on its own: answers and losses in, online/offline and probe delays out.
 */
import { describe, expect, it } from 'vitest';
import { Connectivity } from '@main/core/sync/connectivity';

const fixed = (v: number) => ({ next: () => v });

describe('Connectivity', () => {
  const make = () => new Connectivity({ offlineAfterFailures: 5, probe: { baseMs: 50, capMs: 15_000 }, probeBurst: 3 });

  it('is offline until the server first answers, then only after five losses in a row', () => {
    const c = make();
    expect(c.online).toBe(false);
    expect(c.answered()).toBe('online');
    for (let i = 1; i <= 4; i++) {
      expect(c.lost()).toBeNull();
      expect(c.suspect).toBe(true);
    }
    expect(c.online).toBe(true);
    expect(c.lost()).toBe('offline');
    expect(c.online).toBe(false);
    expect(c.suspect).toBe(false);
  });

  it('any answer in between starts the count again', () => {
    const c = make();
    c.answered();
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 4; i++) c.lost();
      expect(c.answered()).toBeNull();
    }
    expect(c.online).toBe(true);
    expect(c.failureCount).toBe(0);
  });

  it('probes at once while failures are few, then in rounds whose gaps double up to the cap', () => {
    const c = make();
    c.answered();
    const delays: number[] = [];
    for (let i = 0; i < 40; i++) {
      c.lost();
      delays.push(c.probeDelay(fixed(0.999)));
    }
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0]);
    // Failures 5–7 are the first round (< 50 ms), 8–10 the second (< 100 ms), …
    expect(delays.slice(4, 13).map((d) => Math.ceil(d / 10) * 10)).toEqual([50, 50, 50, 100, 100, 100, 200, 200, 200]);
    expect(Math.max(...delays)).toBeLessThan(15_000);
    expect(delays.at(-1)).toBe(14_985);
    c.answered();
    expect(c.probeDelay(fixed(0.999))).toBe(0);
  });

  it('forgets everything on reset (new server or keys)', () => {
    const c = make();
    c.answered();
    for (let i = 0; i < 9; i++) c.lost();
    c.reset();
    expect(c).toMatchObject({ online: false, failureCount: 0 });
  });

  it('refuses a configuration that would go offline on one failure', () => {
    expect(() => new Connectivity({ offlineAfterFailures: 1, probe: { baseMs: 50, capMs: 100 }, probeBurst: 3 })).toThrow(/offlineAfterFailures must be a whole number ≥ 2, got 1/);
    expect(() => new Connectivity({ offlineAfterFailures: 3, probe: { baseMs: 50, capMs: 100 }, probeBurst: 0 })).toThrow(/probeBurst/);
  });
});
