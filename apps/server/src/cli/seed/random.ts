// The seed's only source of chance: a small seeded generator (sfc32), so one seed gives one network.
import { createHash } from "node:crypto";

export type TRandom = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Up to `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A version-4 shaped UUID drawn from this stream. */
  uuid(): string;
  /** An independent stream named by `label`: adding draws to one part never shifts another. */
  fork(label: string): TRandom;
};

/** cyrb128: four 32-bit words from a string, the recommended way to seed sfc32. */
function hashWords(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

const DIGITS = "0123456789abcdef";
// One buffer for every UUID, written and then read as text: a flat string, which is much cheaper
// to make than joined pieces, and to hash, compare and serialize later (millions at scale 7).
const UUID_TEXT = Buffer.alloc(36);
const UUID_BYTES = new Uint8Array(16);

function formatUuid(bytes: ArrayLike<number>): string {
  let o = 0;
  for (let i = 0; i < 16; i++) {
    let x = bytes[i]! & 0xff;
    if (i === 6) x = (x & 0x0f) | 0x40;
    else if (i === 8) x = (x & 0x3f) | 0x80;
    if (i === 4 || i === 6 || i === 8 || i === 10) UUID_TEXT[o++] = 45; // "-"
    UUID_TEXT[o++] = DIGITS.charCodeAt(x >>> 4);
    UUID_TEXT[o++] = DIGITS.charCodeAt(x & 15);
  }
  return UUID_TEXT.toString("latin1");
}

/** A fixed UUID for a name (demo users, image files): the same on every run, whatever the seed. */
export function hashUuid(label: string): string {
  return formatUuid(createHash("sha256").update(label).digest());
}

export function createRandom(seed: string | number): TRandom {
  const name = String(seed);
  let [a, b, c, d] = hashWords(name);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm up: the first outputs of sfc32 from a hashed seed are a little correlated.
  for (let i = 0; i < 15; i++) next();

  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)]!;
    },
    sample: (items, count) => {
      const copy = [...items];
      const n = Math.min(count, copy.length);
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
    uuid: () => {
      const bytes = UUID_BYTES;
      for (let i = 0; i < 16; i += 4) {
        const word = Math.floor(next() * 4294967296);
        bytes[i] = word >>> 24;
        bytes[i + 1] = word >>> 16;
        bytes[i + 2] = word >>> 8;
        bytes[i + 3] = word;
      }
      return formatUuid(bytes);
    },
    fork: (label) => createRandom(`${name}/${label}`),
  };
}

/**
 * Draws indexes in proportion to their weights: a cumulative table and a binary search, so
 * drawing among the 17,000 cities costs a few comparisons.
 */
export function createWeightedPicker(weights: readonly number[]): (random: TRandom) => number {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, i) => {
    total += Math.max(0, weight);
    cumulative[i] = total;
  });
  if (!(total > 0)) throw new Error("weights must add up to more than zero");
  return (random) => {
    const target = random.next() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid]! <= target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** One of `entries` by its weight: [value, weight] pairs written beside each other. */
export function pickWeighted<T>(random: TRandom, entries: readonly (readonly [T, number])[]): T {
  let total = 0;
  for (const [, weight] of entries) total += weight;
  let target = random.next() * total;
  for (const [value, weight] of entries) {
    target -= weight;
    if (target < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
