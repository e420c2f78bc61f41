/**
 * An in-memory trigram index over a snapshot of (id, text) pairs: for each three-code-unit
 * sequence, the sorted ids of the texts that contain it. It only narrows candidates: a text that
 * contains a substring contains every trigram of it, so the ids it returns are a superset of the
 * texts containing the query pieces, and callers decide each candidate with their own exact test.
 * Code units, not code points, on both sides: a substring match on code units is the same match.
 */

/** Every distinct trigram of every piece of three or more code units. */
export function queryTrigrams(pieces: readonly string[]): string[] {
  const out = new Set<string>();
  for (const p of pieces) for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  return [...out];
}

/** The first index in a sorted array holding a value greater than `after`. */
function firstAbove(a: Int32Array, after: number, from = 0): number {
  let lo = from;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Intersecting stops once the candidates are this few: testing them is cheaper than more lists.
const ENOUGH = 32;

// Trigrams are hashed into a fixed number of buckets. Two trigrams sharing a bucket only merge
// their lists into a superset, which the caller's exact test absorbs; in exchange the index needs
// no map of strings, and building it is two linear passes over plain typed arrays.
const BITS = 18;
const BUCKETS = 1 << BITS;
const bucket = (a: number, b: number, c: number) => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> (32 - BITS);

/** The buckets of a text's trigrams, in order (repeats included), into `out`; returns how many. */
function buckets(text: string, out: Int32Array): number {
  let a = text.charCodeAt(0);
  let b = text.charCodeAt(1);
  let n = 0;
  for (let i = 2; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[n++] = bucket(a, b, c);
    a = b;
    b = c;
  }
  return n;
}

export class TrigramIndex {
  private constructor(
    /** Bucket k's ids are postings[offsets[k] .. offsets[k + 1]), ascending. */
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
    /** Every indexed id, ascending, and its text at the same position. */
    readonly ids: Int32Array,
    private readonly texts: string[],
  ) {}

  /** Rows must come in ascending id order. */
  static build(rows: Iterable<readonly [number, string]>): TrigramIndex {
    const ids: number[] = [];
    const texts: string[] = [];
    for (const [id, text] of rows) {
      ids.push(id);
      texts.push(text);
    }
    // Pass one counts each bucket's ids, pass two places them; `last` keeps a text that repeats a
    // trigram (or hits one bucket twice) from adding its id twice.
    const counts = new Int32Array(BUCKETS);
    const last = new Int32Array(BUCKETS).fill(-1);
    let scratch = new Int32Array(256);
    for (let n = 0; n < ids.length; n++) {
      const text = texts[n]!;
      if (text.length > scratch.length) scratch = new Int32Array(text.length * 2);
      const m = buckets(text, scratch);
      for (let i = 0; i < m; i++) {
        const k = scratch[i]!;
        if (last[k] !== n) {
          last[k] = n;
          counts[k]!++;
        }
      }
    }
    const offsets = new Int32Array(BUCKETS + 1);
    for (let k = 0; k < BUCKETS; k++) offsets[k + 1] = offsets[k]! + counts[k]!;
    const postings = new Int32Array(offsets[BUCKETS]!);
    const fill = offsets.slice(0, BUCKETS);
    last.fill(-1);
    for (let n = 0; n < ids.length; n++) {
      const id = ids[n]!;
      const m = buckets(texts[n]!, scratch);
      for (let i = 0; i < m; i++) {
        const k = scratch[i]!;
        if (last[k] !== n) {
          last[k] = n;
          postings[fill[k]!++] = id;
        }
      }
    }
    return new TrigramIndex(offsets, postings, Int32Array.from(ids), texts);
  }

  get size(): number {
    return this.ids.length;
  }

  /** The text indexed for an id, or undefined when the id is not in the snapshot. */
  textOf(id: number): string | undefined {
    const at = firstAbove(this.ids, id - 1);
    return this.ids[at] === id ? this.texts[at] : undefined;
  }

  /**
   * Ids above `afterId` whose text may hold every one of the trigrams, ascending: a superset of
   * those that do. Empty when a trigram occurs in no text.
   */
  candidates(trigrams: readonly string[], afterId: number): Int32Array {
    const lists: Int32Array[] = [];
    for (const t of trigrams) {
      const k = bucket(t.charCodeAt(0), t.charCodeAt(1), t.charCodeAt(2));
      const list = this.postings.subarray(this.offsets[k]!, this.offsets[k + 1]!);
      if (list.length === 0) return list;
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const first = lists[0];
    if (!first) return this.ids.subarray(firstAbove(this.ids, afterId));
    let out = first.subarray(firstAbove(first, afterId));
    for (let l = 1; l < lists.length && out.length > ENOUGH; l++) {
      const other = lists[l]!;
      const kept = new Int32Array(out.length);
      let n = 0;
      let at = 0;
      for (let i = 0; i < out.length; i++) {
        at = firstAbove(other, out[i]! - 1, at);
        if (at === other.length) break;
        if (other[at] === out[i]) kept[n++] = out[i]!;
      }
      out = kept.subarray(0, n);
    }
    return out;
  }
}
