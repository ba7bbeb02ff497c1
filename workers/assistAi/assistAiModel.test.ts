import { beforeAll, describe, expect, it } from 'vitest';
import { readModelZip } from '../../ml/modelZip';
import { initTf } from '../../ml/runtime';
import { AssistAiCore } from './assistAiCore';
import { redSquareDetectorZip } from '../../ml/testing/redSquareDetector';

/** A white RGBA image with red squares. */
function image(width: number, height: number, squares: { x: number; y: number; side: number }[]) {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (const s of squares)
    for (let y = s.y; y < s.y + s.side; y++)
      for (let x = s.x; x < s.x + s.side; x++) data.set([255, 0, 0, 255], (y * width + x) * 4);
  return { width, height, data };
}

describe('assist AI with a real model zip (TensorFlow.js wasm in Node)', () => {
  let zip: Uint8Array;
  beforeAll(async () => {
    expect(await initTf(['wasm'])).toBe('wasm');
    zip = await redSquareDetectorZip('red');
  }, 60_000);

  it('reads the zip the way the worker does and finds the square where it is, in image px', async () => {
    const core = new AssistAiCore((bytes) => readModelZip(bytes));
    expect(await core.load('m', zip)).toEqual({ task: 'detection', inputSize: 128 });
    // A 256² view of a 2048² image at level 3 (scale 8), from image px (1024, 0): one cell of
    // the 8 × 8 grid is 32 window px, so a 32 px square on the grid is one cell.
    const answer = await core.predict({
      modelId: 'm',
      window: image(256, 256, [{ x: 96, y: 32, side: 32 }]),
      placement: { originX: 1024, originY: 0, scale: 8 },
      region: { x: 1024, y: 0, width: 2048, height: 2048 },
      minScore: 0.05,
    });
    expect(answer.tiles).toBe(1);
    expect(answer.predictions).toHaveLength(1);
    const p = answer.predictions[0]!;
    expect(p.classIndex).toBe(0);
    expect(p.score).toBeGreaterThan(0.9);
    // (96, 32) window px × 8 + (1024, 0); 32 × 8 = 256 px a side (uint8 weights: within a few %).
    expect(Math.abs(p.box!.x - (1024 + 96 * 8))).toBeLessThan(8);
    expect(Math.abs(p.box!.y - 32 * 8)).toBeLessThan(8);
    expect(Math.abs(p.box!.width - 256)).toBeLessThan(8);
    expect(Math.abs(p.box!.height - 256)).toBeLessThan(8);
  });

  it('reads a large view as tiles and finds a square in each part of it', async () => {
    const core = new AssistAiCore((bytes) => readModelZip(bytes));
    await core.load('m', zip);
    // A 1024 × 512 window read as 3 × 2 tiles of ~380 × 277 px, each stretched to 128²: a cell is
    // ~47 × 35 window px, so a 100 px square fills at least one cell of whichever tile sees it.
    const squares = [
      { x: 40, y: 40, side: 100 },
      { x: 860, y: 380, side: 100 },
    ];
    const answer = await core.predict({
      modelId: 'm',
      window: image(1024, 512, squares),
      placement: { originX: 0, originY: 0, scale: 1 },
      region: { x: 0, y: 0, width: 1024, height: 512 },
      minScore: 0.5,
    });
    expect(answer.tiles).toBe(3 * 2);
    // Every box the tiles found, mapped back, is centred on a square, and each square is found.
    const inside = (p: (typeof answer.predictions)[number], s: (typeof squares)[number]) => {
      const cx = p.box!.x + p.box!.width / 2;
      const cy = p.box!.y + p.box!.height / 2;
      return cx >= s.x && cx <= s.x + s.side && cy >= s.y && cy <= s.y + s.side;
    };
    expect(answer.predictions.length).toBeGreaterThan(0);
    for (const p of answer.predictions) expect(squares.some((s) => inside(p, s))).toBe(true);
    for (const s of squares) expect(answer.predictions.some((p) => inside(p, s))).toBe(true);
  });
});
