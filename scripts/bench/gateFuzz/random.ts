/**
 * A seeded pseudo-random source (mulberry32), so a seed names the same requests on every run and
 * machine: figures from two runs of the fuzz compare the gate, never two different request sets.
 */
export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  bytes(count: number): Buffer;
  /** The items in a new order (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

export function seeded(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from nothing');
      return items[int(0, items.length - 1)];
    },
    chance: (probability) => next() < probability,
    bytes: (count) => Buffer.from(Array.from({ length: count }, () => int(0, 255))),
    shuffle: (items) => {
      const shuffled = [...items];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = int(0, i);
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      return shuffled;
    },
  };
}

/**
 * The seed of the `index`th request: each request is drawn from its own stream, so it is the same
 * whether the ones before it were built or not (they are built one at a time, as they are sent).
 */
export function requestSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(index + 1, 0xc2b2ae35)) >>> 0;
}
