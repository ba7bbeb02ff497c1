/**
 * Helpers over seeded pseudo-random numbers (contract/seededRandom.ts, shared with the server's
 * tests) for tests and benchmarks.
 */
import type { Random } from '../contract/seededRandom';

export { mulberry32, type Random } from '../contract/seededRandom';

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
