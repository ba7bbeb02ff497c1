import { describe, expect, it } from 'vitest';
import { doubleArea, fitPoints, pointsBounds, scalePoints, translatePoints } from './polygonGeometry';
import { edgeAt, pointInPolygon, smallestContaining, vertexAt } from './polygonHit';
import { triangulate } from './polygonTriangulate';

/** An L shape (concave): the unit square's upper-right quarter is missing. */
const L = [0, 0, 100, 0, 100, 50, 50, 50, 50, 100, 0, 100];

describe('polygon hit tests', () => {
  it('point in polygon: inside the L, outside in its notch and beyond', () => {
    expect(pointInPolygon(L, 25, 25)).toBe(true);
    expect(pointInPolygon(L, 75, 25)).toBe(true);
    expect(pointInPolygon(L, 25, 75)).toBe(true);
    expect(pointInPolygon(L, 75, 75)).toBe(false);
    expect(pointInPolygon(L, 150, 25)).toBe(false);
    expect(pointInPolygon(L, -1, 50)).toBe(false);
  });

  it('vertexAt finds the nearest vertex within the radius', () => {
    expect(vertexAt(L, 52, 49, 5)).toBe(3);
    expect(vertexAt(L, 60, 60, 5)).toBe(-1);
    expect(vertexAt(L, 101, 1, 5)).toBe(1);
  });

  it('edgeAt projects onto the nearest edge, including the closing one', () => {
    expect(edgeAt(L, 30, 3, 5)).toEqual({ index: 0, point: { x: 30, y: 0 }, distance: 3 });
    // The closing edge (0, 100)–(0, 0) is edge 5.
    expect(edgeAt(L, -2, 40, 5)).toMatchObject({ index: 5, point: { x: 0, y: 40 } });
    expect(edgeAt(L, 30, 30, 5)).toBeNull();
  });

  it('smallestContaining skips polygons that do not contain the point', () => {
    // Slot 0: the L (box 100 × 100); slot 1: a box 200 × 200 around it.
    const rects = new Float32Array([0, 0, 100, 100, -50, -50, 200, 200]);
    const pointsOf = (s: number) => (s === 0 ? L : undefined);
    expect(smallestContaining([0, 1], rects, pointsOf, 25, 25)).toBe(0);
    expect(smallestContaining([0, 1], rects, pointsOf, 75, 75)).toBe(1);
    expect(smallestContaining([0], rects, pointsOf, 75, 75)).toBe(-1);
  });
});

describe('polygon geometry', () => {
  it('bounds, translation, scaling and fitting', () => {
    expect(pointsBounds(L)).toEqual({ x: 0, y: 0, width: 100, height: 100 });
    expect(translatePoints([1, 2, 3, 4], 10, -1)).toEqual([11, 1, 13, 3]);
    expect(
      scalePoints([0, 0, 100, 50], { x: 0, y: 0, width: 100, height: 50 }, { x: 10, y: 10, width: 50, height: 100 }),
    ).toEqual([10, 10, 60, 110]);
    expect(fitPoints([0, 0, 100, 0, 0, 100], { x: 5, y: 6, width: 100, height: 100 })).toEqual([5, 6, 105, 6, 5, 106]);
    expect(Math.abs(doubleArea(L))).toBe(2 * 7500);
  });

  it('triangulates a concave polygon into n − 2 triangles covering its area', () => {
    const tri = triangulate(L);
    expect(tri).toHaveLength(3 * 4);
    let area = 0;
    for (let i = 0; i < tri.length; i += 3) {
      const t = [tri[i]!, tri[i + 1]!, tri[i + 2]!].flatMap((k) => [L[2 * k]!, L[2 * k + 1]!]);
      area += Math.abs(doubleArea(t)) / 2;
    }
    expect(area).toBeCloseTo(7500);
  });
});
