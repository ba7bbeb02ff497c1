import { describe, expect, it } from 'vitest';
import { ProceduralTileSource } from './ProceduralTileSource';
import { patternPixelAtLevel } from './proceduralPattern';

describe('ProceduralTileSource', () => {
  it('describes a 100k × 100k pyramid of 512 px tiles', () => {
    const src = new ProceduralTileSource({ width: 100_000, height: 100_000, output: 'raw' });
    expect(src.info).toEqual({ width: 100_000, height: 100_000, tileSize: 512, levels: 9 });
  });

  it('generates tiles (edge tiles smaller) whose pixels follow the pattern', async () => {
    const src = new ProceduralTileSource({ width: 100_000, height: 70_000, output: 'raw' });
    const signal = new AbortController().signal;
    const tile = await src.getTile(2, 48, 34, signal);
    if (!('data' in tile)) throw new Error('expected raw output');
    // Level 2 is 25,000 × 17,500: column 48 holds 25,000 - 48·512 = 424 pixels, row 34 is 92.
    expect([tile.width, tile.height]).toEqual([424, 92]);
    const at = (i: number, j: number) =>
      Array.from(tile.data.slice((j * tile.width + i) * 4, (j * tile.width + i) * 4 + 4));
    expect(at(10, 20)).toEqual(patternPixelAtLevel(2, 48 * 512 + 10, 34 * 512 + 20));
    expect(at(423, 91)).toEqual(patternPixelAtLevel(2, 48 * 512 + 423, 34 * 512 + 91));
  });

  it('waits for its delay and rejects with an AbortError when aborted meanwhile', async () => {
    const src = new ProceduralTileSource({
      width: 4096,
      height: 4096,
      output: 'raw',
      delayMs: (l) => (l === 0 ? 10_000 : 0),
    });
    const ac = new AbortController();
    const slow = src.getTile(0, 0, 0, ac.signal);
    await expect(src.getTile(3, 0, 0, ac.signal)).resolves.toMatchObject({ width: 512 });
    ac.abort();
    await expect(slow).rejects.toMatchObject({ name: 'AbortError' });
    expect(src.generated).toBe(1);
  });
});
