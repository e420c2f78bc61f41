/** The in-memory trigram index: its candidates are always a superset of the texts holding the pieces. */
import { describe, expect, it } from 'vitest';
import { queryTrigrams, TrigramIndex } from '@server/search/trigramIndex';

// A fixed-seed generator, so a failure names a reproducible case.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const ALPHABET = ['a', 'b', 'ő', 'ű', 'Ő', ' ', '1', '2', '\u001f', '😀', 'x'];

function texts(n: number, seed: number): Array<[number, string]> {
  const r = rng(seed);
  const out: Array<[number, string]> = [];
  let id = 0;
  for (let i = 0; i < n; i++) {
    id += 1 + Math.floor(r() * 3);
    const len = Math.floor(r() * 20);
    let t = '';
    for (let j = 0; j < len; j++) t += ALPHABET[Math.floor(r() * ALPHABET.length)];
    out.push([id, t]);
  }
  return out;
}

describe('TrigramIndex', () => {
  it('never misses a text that holds every piece, over 2,000 random texts and 500 random queries', () => {
    const rows = texts(2000, 7);
    const index = TrigramIndex.build(rows);
    const r = rng(11);
    for (let q = 0; q < 500; q++) {
      const [, source] = rows[Math.floor(r() * rows.length)]!;
      const start = Math.floor(r() * Math.max(1, source.length - 3));
      const piece = source.slice(start, start + 3 + Math.floor(r() * 5));
      const afterId = r() < 0.3 ? rows[Math.floor(r() * rows.length)]![0] : 0;
      const got = Array.from(index.candidates(queryTrigrams([piece]), afterId));
      const want = rows.filter(([id, t]) => id > afterId && t.includes(piece)).map(([id]) => id);
      expect(got).toEqual([...got].sort((a, b) => a - b));
      expect(new Set(got).size).toBe(got.length);
      for (const id of want) expect(got, `piece ${JSON.stringify(piece)} after ${afterId}`).toContain(id);
      for (const id of got) expect(id).toBeGreaterThan(afterId);
    }
  });

  it('narrows by the rarest lists, leaving the exact test to the caller', () => {
    const index = TrigramIndex.build([[1, 'makita ütvefúró 120'], [2, 'bosch ütvefúró 120'], [5, 'makita csavarbehajtó'], [9, 'makita ütvefúró 7']]);
    const got = Array.from(index.candidates(queryTrigrams(['makita', 'ütvefúró 12']), 0));
    expect(got).toContain(1);
    expect(got).not.toContain(5);
    expect(got).not.toContain(9);
    expect(Array.from(index.candidates(queryTrigrams(['ütvefúró']), 1))).toEqual([2, 9]);
    expect(Array.from(index.candidates(queryTrigrams(['zzz']), 0))).toEqual([]);
  });

  it('returns every id after afterId when no piece has a trigram, and the text of an indexed id', () => {
    const index = TrigramIndex.build([[3, 'ab'], [4, 'őszi ütvefúró'], [8, '']]);
    expect(queryTrigrams(['ab', 'x'])).toEqual([]);
    expect(Array.from(index.candidates([], 3))).toEqual([4, 8]);
    expect(index.textOf(4)).toBe('őszi ütvefúró');
    expect(index.textOf(5)).toBeUndefined();
    expect(index.size).toBe(3);
  });

  it('lists a text once however often it repeats a trigram', () => {
    const index = TrigramIndex.build([[1, 'aaaaaaa'], [2, 'aaa aaa']]);
    expect(Array.from(index.candidates(['aaa'], 0))).toEqual([1, 2]);
  });
});
