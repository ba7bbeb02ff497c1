import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seededRandom';

describe('mulberry32', () => {
  it('repeats its sequence for a seed, and another seed gives another', () => {
    const take = (seed: number) => Array.from({ length: 5 }, mulberry32(seed));
    expect(take(42)).toEqual(take(42));
    expect(take(43)).not.toEqual(take(42));
  });

  it('stays within [0, 1)', () => {
    const random = mulberry32(7);
    for (let i = 0; i < 10_000; i++) {
      const x = random();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
