import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { splitFor, splitPoint, type SplitRatios } from './splitAssignment';

const ids = Array.from({ length: 20_000 }, (_, i) => (i % 2 ? randomUUID() : `img-${i}`));

describe('splitFor', () => {
  it('is a pure function of (seed, image id)', () => {
    const ratios: SplitRatios = { train: 70, validation: 20, test: 10, seed: 12345 };
    const first = ids.map((id) => splitFor(ratios, id));
    const again = ids.map((id) => splitFor({ ...ratios }, id));
    expect(again).toEqual(first);
    expect(splitPoint(7, 'abc')).toBe(splitPoint(7, 'abc'));
  });

  it('deals images in the requested proportions', () => {
    for (const ratios of [
      { train: 70, validation: 20, test: 10, seed: 1 },
      { train: 50, validation: 25, test: 25, seed: 99 },
      { train: 34, validation: 33, test: 33, seed: 2024 },
    ]) {
      const counts = { train: 0, validation: 0, test: 0 };
      for (const id of ids) counts[splitFor(ratios, id)]++;
      for (const split of ['train', 'validation', 'test'] as const) {
        // 20,000 draws: a binomial share stays well within 1.5 points of its ratio.
        expect(Math.abs((counts[split] / ids.length) * 100 - ratios[split])).toBeLessThan(1.5);
      }
    }
  });

  it('gives every image to the one split that has 100 and none to a split with 0', () => {
    for (const id of ids.slice(0, 1000)) {
      expect(splitFor({ train: 100, validation: 0, test: 0, seed: 3 }, id)).toBe('train');
      expect(splitFor({ train: 0, validation: 0, test: 100, seed: 3 }, id)).toBe('test');
      expect(splitFor({ train: 0, validation: 100, test: 0, seed: 3 }, id)).toBe('validation');
    }
  });

  it('draws a different assignment for another seed', () => {
    const ratios = { train: 50, validation: 25, test: 25 };
    const a = ids.map((id) => splitFor({ ...ratios, seed: 1 }, id));
    const b = ids.map((id) => splitFor({ ...ratios, seed: 2 }, id));
    const changed = a.filter((s, i) => s !== b[i]).length / ids.length;
    // Two independent draws with these ratios disagree on about 1 - (0.25 + 0.0625 + 0.0625) = 62.5%.
    expect(changed).toBeGreaterThan(0.55);
    expect(changed).toBeLessThan(0.7);
  });

  it('stays in [0, 1)', () => {
    const points = ids.map((id) => splitPoint(42, id));
    expect(Math.min(...points)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...points)).toBeLessThan(1);
  });
});
