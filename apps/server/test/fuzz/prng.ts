// The fuzz's only source of chance: a seeded generator (mulberry32), so a run with the same
// FUZZ_SEED sends the same requests in the same order (ids the server makes differ, the choices do not).

export type TRandom = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  /** An integer in [min, max]. */
  between(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** A random version-4 UUID made from this generator (not the system's). */
  uuid(): string;
};

export function seeded(seed: number): TRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const hex = (count: number) =>
    Array.from({ length: count }, () => "0123456789abcdef"[int(16)]).join("");
  return {
    next,
    int,
    between: (min, max) => min + int(max - min + 1),
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() < p,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[int(4)]}${hex(3)}-${hex(12)}`,
  };
}

/** FUZZ_SEED as a number (a word is hashed), or the default. */
export function seedOf(text: string | undefined, fallback = 48): number {
  if (!text) return fallback;
  const n = Number(text);
  if (Number.isInteger(n)) return n;
  let h = 2_166_136_261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619);
  return h >>> 0;
}
