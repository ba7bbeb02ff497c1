import { describe, expect, it } from 'vitest';
import { proposeRegion, type RgbaWindow } from './proposeRegion';
import { boxIou, makeScene, maskIou, rasterizePolygon, type SceneBackground, type SceneShape } from './syntheticScenes';
import { simplifyClosed, traceOuterBoundary } from './traceContour';

const SHAPES: SceneShape[] = ['rectangle', 'ellipse', 'blob'];
const BACKGROUNDS: SceneBackground[] = ['noise', 'gradient', 'texture'];

describe('proposeRegion on synthetic objects', () => {
  const cases = SHAPES.flatMap((shape, i) =>
    BACKGROUNDS.flatMap((background, j) => [
      { shape, background, contrast: 80, noise: 6, seed: 10 + i * 3 + j },
      // Low contrast: the object differs by 15 levels a channel, under noise of σ 4.
      { shape, background, contrast: 15, noise: 4, seed: 40 + i * 3 + j },
      // Small objects (radii 3.6–9 % of the window): grown again at full resolution.
      { shape, background, contrast: 30, noise: 5, seed: 70 + i * 3 + j, objectScale: 0.3 },
    ]),
  );
  it.each(cases)('$shape on $background, contrast $contrast, seed $seed: box and polygon IoU ≥ 0.9', (c) => {
    const scene = makeScene({ ...c, width: c.seed % 2 === 0 ? 1024 : 900, height: c.seed % 3 === 0 ? 1024 : 700 });
    const { width, height } = scene.window;
    const proposal = proposeRegion(scene.window, { positives: [scene.click], negatives: [] });
    expect(proposal).not.toBeNull();
    expect(boxIou(proposal!.box, scene.truthBox)).toBeGreaterThanOrEqual(0.9);
    expect(maskIou(rasterizePolygon(proposal!.points, width, height), scene.truth)).toBeGreaterThanOrEqual(0.9);
    expect(proposal!.points.length / 2).toBeLessThanOrEqual(256);
    expect(proposal!.points.length / 2).toBeGreaterThanOrEqual(4);
  });

  it('works on a small window at full resolution', () => {
    const scene = makeScene({ seed: 3, shape: 'ellipse', background: 'texture', width: 300, height: 260 });
    const proposal = proposeRegion(scene.window, { positives: [scene.click], negatives: [] })!;
    expect(maskIou(rasterizePolygon(proposal.points, 300, 260), scene.truth)).toBeGreaterThanOrEqual(0.9);
  });
});

/** Background, object A (an ellipse) and object B (a rectangle touching A) in a similar colour. */
function twoObjects(): { window: RgbaWindow; a: Uint8Array; b: Uint8Array } {
  const width = 800;
  const height = 600;
  const data = new Uint8ClampedArray(width * height * 4);
  const a = new Uint8Array(width * height);
  const b = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const inA = ((x + 0.5 - 300) / 140) ** 2 + ((y + 0.5 - 300) / 110) ** 2 <= 1;
      const inB = !inA && x >= 420 && x < 620 && y >= 220 && y < 400;
      const grain = ((x * 7 + y * 13) % 5) - 2;
      const v = inA ? [200, 60, 60] : inB ? [188, 66, 56] : [40, 90, 140];
      for (let c = 0; c < 3; c++) data[i * 4 + c] = v[c]! + grain;
      data[i * 4 + 3] = 255;
      a[i] = inA ? 1 : 0;
      b[i] = inB ? 1 : 0;
    }
  }
  return { window: { width, height, data }, a, b };
}

/** The share of `part`'s pixels that `mask` covers. */
function covered(mask: Uint8Array, part: Uint8Array): number {
  let hit = 0;
  let total = 0;
  for (let i = 0; i < part.length; i++) {
    if (part[i] !== 1) continue;
    total += 1;
    if (mask[i] === 1) hit += 1;
  }
  return hit / total;
}

describe('negative points', () => {
  it('a negative point in a similar neighbour cuts the leaked region back to the object', () => {
    const { window, a, b } = twoObjects();
    const positive = { x: 260, y: 300 };
    const leaked = proposeRegion(window, { positives: [positive], negatives: [] })!;
    const leakedMask = rasterizePolygon(leaked.points, window.width, window.height);
    // Without the negative the region runs into B (the weak edge between them is not a wall).
    expect(covered(leakedMask, b)).toBeGreaterThan(0.8);
    expect(maskIou(leakedMask, a)).toBeLessThan(0.9);

    const cut = proposeRegion(window, { positives: [positive], negatives: [{ x: 560, y: 310 }] })!;
    const cutMask = rasterizePolygon(cut.points, window.width, window.height);
    expect(maskIou(cutMask, a)).toBeGreaterThanOrEqual(0.9);
    expect(covered(cutMask, b)).toBeLessThan(0.05);
    expect(cut.area).toBeLessThan(leaked.area);
    expect(cut.box.x + cut.box.width).toBeLessThanOrEqual(445);
  });

  it('returns null when no positive lies in the window', () => {
    const { window } = twoObjects();
    expect(proposeRegion(window, { positives: [{ x: -5, y: 10 }], negatives: [] })).toBeNull();
    expect(proposeRegion(window, { positives: [], negatives: [] })).toBeNull();
  });
});

describe('outline tracing', () => {
  it('follows pixel edges clockwise around an L shape, ignoring a corner-touching pixel', () => {
    // 1 1 0 0
    // 1 0 0 0
    // 0 0 0 0
    // 0 0 0 1   (touches nothing: another region)
    const mask = Uint8Array.from([1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(traceOuterBoundary(mask, 4, 4)).toEqual([0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2]);
  });

  it('simplifies a staircase within the tolerance and caps the vertex count', () => {
    const ring: number[] = [];
    for (let i = 0; i < 50; i++) ring.push(i, Math.round(i * 0.5));
    for (let i = 50; i > 0; i--) ring.push(i, 40);
    const simple = simplifyClosed(ring, 1, 256);
    expect(simple.length / 2).toBeLessThanOrEqual(4);
    expect(simplifyClosed(ring, 0.1, 10).length / 2).toBeLessThanOrEqual(10);
  });
});
