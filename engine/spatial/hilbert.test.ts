import { describe, expect, it } from 'vitest';
import { hilbert, sortByKey } from './hilbert';
import { mulberry32 } from '../random';

describe('hilbert', () => {
  it('is a bijection on a small grid whose consecutive cells are neighbours', () => {
    // On the full 2^16 grid, the 4×4 top-left block holds curve positions 0..15 in some order.
    const cells = new Map<number, [number, number]>();
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) cells.set(hilbert(x, y), [x, y]);
    expect([...cells.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    for (let d = 1; d < 16; d++) {
      const [ax, ay] = cells.get(d - 1)!;
      const [bx, by] = cells.get(d)!;
      expect(Math.abs(ax - bx) + Math.abs(ay - by)).toBe(1);
    }
  });

  it('sortByKey returns the stable ascending permutation', () => {
    const r = mulberry32(3);
    for (const n of [0, 1, 2, 100, 5000]) {
      const keys = new Uint32Array(n);
      for (let i = 0; i < n; i++) keys[i] = r() < 0.3 ? 7 : Math.floor(r() * 2 ** 32);
      const order = [...sortByKey(keys)];
      const expected = Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
      expect(order).toEqual(expected);
    }
  });
});
