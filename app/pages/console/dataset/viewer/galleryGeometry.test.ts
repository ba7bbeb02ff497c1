import { describe, expect, it } from 'vitest';
import { cellAt, cellCentre, galleryLayout } from './galleryLayout';
import { fitView, panBy, screenToWorld, worldToScreen, zoomAbout } from './galleryView';

describe('gallery layout', () => {
  it('shapes 10,000 images like the viewport and finds each one back from its centre', () => {
    const layout = galleryLayout(10_000, 4 / 3);
    expect(layout).toEqual({ count: 10_000, columns: 116, rows: 87 });
    for (const n of [0, 1, 115, 116, 5_000, 9_999]) {
      const [x, y] = cellCentre(layout, n);
      expect(cellAt(layout, x, y, 0.06)).toBe(n);
    }
  });

  it('answers -1 outside the grid, past the last image and in the gap between cells', () => {
    const layout = galleryLayout(10, 1);
    expect(layout.columns).toBe(4);
    expect(cellAt(layout, -0.5, -0.5)).toBe(-1);
    expect(cellAt(layout, 0.5, 0.5)).toBe(-1);
    expect(cellAt(layout, 3.5, -2.5)).toBe(-1);
    expect(cellAt(layout, 1.01, -0.5, 0.06)).toBe(-1);
    expect(cellAt(layout, 1.5, -0.5, 0.06)).toBe(1);
  });
});

describe('gallery view', () => {
  const size = { width: 800, height: 600 };

  it('fits the grid and maps screen and world both ways', () => {
    const layout = galleryLayout(100, 800 / 600);
    const view = fitView(layout, size);
    expect(screenToWorld(view, size, 400, 300)).toEqual([layout.columns / 2, -layout.rows / 2]);
    const [x, y] = cellCentre(layout, 0);
    const [sx, sy] = worldToScreen(view, size, x, y);
    expect(sx).toBeGreaterThan(0);
    expect(sy).toBeGreaterThan(0);
    expect(screenToWorld(view, size, sx, sy)).toEqual([expect.closeTo(x, 9), expect.closeTo(y, 9)]);
  });

  it('zooms about the cursor (the point under it stays) within the limits, and pans by pixels', () => {
    const view = { x: 5, y: -5, zoom: 20 };
    const before = screenToWorld(view, size, 100, 50);
    const zoomed = zoomAbout(view, size, 2, 100, 50, { min: 1, max: 256 });
    expect(zoomed.zoom).toBe(40);
    const after = screenToWorld(zoomed, size, 100, 50);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
    expect(zoomAbout(view, size, 100, 0, 0, { min: 1, max: 256 }).zoom).toBe(256);
    expect(panBy(view, 40, -20)).toEqual({ x: 3, y: -6, zoom: 20 });
  });
});
