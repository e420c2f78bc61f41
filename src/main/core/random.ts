/** Randomness for jitter and request ids: crypto in production, a seeded generator in tests. */
import { randomBytes } from 'node:crypto';
import type { Random } from './types';

export const cryptoRandom: Random = {
  next: () => randomBytes(6).readUIntBE(0, 6) / 2 ** 48,
};

/** mulberry32: small, fast and reproducible; good enough for jitter and test ids. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return {
    next() {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A request_id: "sd-" and 20 base-36 characters (~103 bits), within the API's 64-character rule. */
export function newRequestId(random: Random): string {
  let s = 'sd-';
  for (let i = 0; i < 20; i++) s += ALPHABET[Math.floor(random.next() * 36)];
  return s;
}
