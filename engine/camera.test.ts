import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  constrainView,
  fitView,
  fitZoom,
  imageToClipMatrix,
  imageToScreen,
  panBy,
  screenToImage,
  visibleImageRect,
  viewForRect,
  zoomAbout,
  zoomLimitsFor,
} from './camera';
import { mulberry32 } from './random';
import type { View, Viewport } from './types';

const viewport: Viewport = { width: 800, height: 600, dpr: 2 };

describe('camera', () => {
  it('round-trips image -> screen -> image for random views and points', () => {
    const r = mulberry32(1);
    for (let i = 0; i < 1000; i++) {
      const view: View = { centerX: r() * 100_000, centerY: r() * 100_000, zoom: 0.001 + r() * 32 };
      const p = { x: r() * 100_000, y: r() * 100_000 };
      const back = screenToImage(view, viewport, imageToScreen(view, viewport, p));
      expect(back.x).toBeCloseTo(p.x, 6);
      expect(back.y).toBeCloseTo(p.y, 6);
    }
  });

  it('puts the view centre at the canvas centre', () => {
    const view: View = { centerX: 500, centerY: 250, zoom: 3 };
    expect(imageToScreen(view, viewport, { x: 500, y: 250 })).toEqual({ x: 400, y: 300 });
    expect(imageToScreen(view, viewport, { x: 510, y: 250 })).toEqual({ x: 430, y: 300 });
  });

  it('zoomAbout keeps the image point under the cursor fixed', () => {
    const r = mulberry32(2);
    const limits = { min: 0.001, max: 64 };
    for (let i = 0; i < 500; i++) {
      const view: View = { centerX: r() * 50_000, centerY: r() * 50_000, zoom: 0.01 + r() * 10 };
      const cursor = { x: r() * viewport.width, y: r() * viewport.height };
      const factor = 0.25 + r() * 4;
      const before = screenToImage(view, viewport, cursor);
      const next = zoomAbout(view, viewport, cursor, factor, limits);
      const after = screenToImage(next, viewport, cursor);
      expect(after.x).toBeCloseTo(before.x, 6);
      expect(after.y).toBeCloseTo(before.y, 6);
      expect(next.zoom).toBeCloseTo(clampZoom(view.zoom * factor, limits), 12);
    }
  });

  it('zoomAbout clamps to the limits and still keeps the cursor point fixed', () => {
    const view: View = { centerX: 100, centerY: 100, zoom: 30 };
    const next = zoomAbout(view, viewport, { x: 10, y: 20 }, 4, { min: 0.1, max: 32 });
    expect(next.zoom).toBe(32);
    const a = screenToImage(view, viewport, { x: 10, y: 20 });
    const b = screenToImage(next, viewport, { x: 10, y: 20 });
    expect(b.x).toBeCloseTo(a.x, 9);
    expect(b.y).toBeCloseTo(a.y, 9);
  });

  it('fits the image: fully visible, centred, touching one pair of edges', () => {
    const image = { width: 100_000, height: 50_000 };
    const view = fitView(image, viewport, 0);
    expect(view.zoom).toBeCloseTo(800 / 100_000, 12);
    const rect = visibleImageRect(view, viewport);
    expect(rect.x).toBeCloseTo(0, 6);
    expect(rect.width).toBeCloseTo(100_000, 6);
    expect(rect.y).toBeLessThanOrEqual(0);
    expect(rect.y + rect.height).toBeGreaterThanOrEqual(50_000);
    const padded = fitZoom(image, viewport, 20);
    expect(padded).toBeCloseTo(760 / 100_000, 12);
    // a tall image fits by height
    expect(fitZoom({ width: 100, height: 6000 }, viewport)).toBeCloseTo(0.1, 12);
  });

  it('default limits: half the fit zoom (at most 100 %) up to 32×', () => {
    expect(zoomLimitsFor({ width: 100_000, height: 100_000 }, viewport)).toEqual({ min: 0.003, max: 32 });
    expect(zoomLimitsFor({ width: 100, height: 100 }, viewport).min).toBe(1);
    // a 10 px image fits at 60×: the max grows so that fit stays reachable
    expect(zoomLimitsFor({ width: 10, height: 10 }, viewport).max).toBe(60);
    expect(clampZoom(100, { min: 0.5, max: 32 })).toBe(32);
    expect(clampZoom(0.01, { min: 0.5, max: 32 })).toBe(0.5);
  });

  it('pans with the pointer: the image point under the pointer moves with it', () => {
    const view: View = { centerX: 1000, centerY: 1000, zoom: 2 };
    const grabbed = screenToImage(view, viewport, { x: 100, y: 100 });
    const next = panBy(view, 30, -40);
    const now = imageToScreen(next, viewport, grabbed);
    expect(now.x).toBeCloseTo(130, 9);
    expect(now.y).toBeCloseTo(60, 9);
  });

  it('visibleImageRect matches the screen corners', () => {
    const view: View = { centerX: 1234, centerY: 567, zoom: 0.75 };
    const rect = visibleImageRect(view, viewport);
    const tl = screenToImage(view, viewport, { x: 0, y: 0 });
    const br = screenToImage(view, viewport, { x: viewport.width, y: viewport.height });
    expect(rect.x).toBeCloseTo(tl.x, 9);
    expect(rect.y).toBeCloseTo(tl.y, 9);
    expect(rect.x + rect.width).toBeCloseTo(br.x, 9);
    expect(rect.y + rect.height).toBeCloseTo(br.y, 9);
  });

  it('viewForRect shows the whole rectangle', () => {
    const view = viewForRect({ x: 100, y: 200, width: 400, height: 100 }, viewport, { min: 0.01, max: 32 });
    expect(view).toEqual({ centerX: 300, centerY: 250, zoom: 2 });
  });

  it('constrainView keeps the centre on the image and the zoom in range', () => {
    const v = constrainView(
      { centerX: -50, centerY: 9e9, zoom: 100 },
      { width: 1000, height: 500 },
      { min: 0.1, max: 32 },
    );
    expect(v).toEqual({ centerX: 0, centerY: 500, zoom: 32 });
    const ok: View = { centerX: 10, centerY: 10, zoom: 1 };
    expect(constrainView(ok, { width: 1000, height: 500 }, { min: 0.1, max: 32 })).toBe(ok);
  });

  it('imageToClipMatrix maps the visible corners to clip space', () => {
    const view: View = { centerX: 400, centerY: 300, zoom: 1 };
    const m = imageToClipMatrix(view, viewport);
    const apply = (x: number, y: number) => [m[0]! * x + m[3]! * y + m[6]!, m[1]! * x + m[4]! * y + m[7]!];
    const close = (got: number[], want: number[]) => got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, 6));
    close(apply(0, 0), [-1, 1]);
    close(apply(800, 600), [1, -1]);
  });
});
