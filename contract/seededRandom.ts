/**
 * Seeded pseudo-random numbers for tests, benchmarks and training's shuffles and augmentations
 * (mulberry32: 32-bit state, fast, good enough for shuffling data; not for anything secret). The same
 * seed always yields the same sequence, on every machine, so a failing run can be repeated.
 */

/** A function returning numbers uniformly distributed in [0, 1). */
export type Random = () => number;

/** Creates a mulberry32 generator from a 32-bit integer seed. */
export function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
