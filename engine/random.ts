/**
 * Seeded pseudo-random numbers for tests and benchmarks (mulberry32: 32-bit state, fast, good
 * enough for shuffling test data; not for anything secret). The same seed always yields the
 * same sequence, on every machine.
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

/** A uniform float in [min, max). */
export function randomRange(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

/** A uniform integer in [min, max] (both inclusive). */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A normally distributed float (Box–Muller), mean 0 and standard deviation 1. */
export function randomNormal(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) would be -Infinity
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
