import { describe, expect, it } from 'vitest';
import { POLYGON_VERTICES_MAX } from '../apiAnnotations';
import { fitPolygon, polygonArea, polygonBounds } from './polygonGeometry';

describe('polygon geometry', () => {
  it('answers the bounding box and the shoelace area whatever the winding', () => {
    const square = [10, 20, 40, 20, 40, 60, 10, 60];
    expect(polygonBounds(square)).toEqual({ x: 10, y: 20, width: 30, height: 40 });
    expect(polygonArea(square)).toBe(1200);
    expect(polygonArea([10, 60, 40, 60, 40, 20, 10, 20])).toBe(1200);
    // A concave L: 3×3 square minus its 2×2 top-right corner.
    expect(polygonArea([0, 0, 1, 0, 1, 1, 3, 1, 3, 3, 0, 3])).toBe(7);
  });

  it('keeps a polygon inside the image, moves vertices up to half a pixel outside onto the edge', () => {
    expect(fitPolygon([0, 0, 100, 0, 50, 80], 100, 80)).toEqual({ points: [0, 0, 100, 0, 50, 80] });
    expect(fitPolygon([-0.5, 3, 100.4, 0.2, 50, 80.5], 100, 80)).toEqual({ points: [0, 3, 100, 0.2, 50, 80] });
  });

  it('refuses a vertex more than half a pixel outside the image', () => {
    expect(fitPolygon([-0.51, 0, 10, 0, 5, 5], 100, 80)).toEqual({ problem: 'polygon_out_of_bounds' });
    expect(fitPolygon([0, 0, 10, 0, 5, 80.6], 100, 80)).toEqual({ problem: 'polygon_out_of_bounds' });
    expect(fitPolygon([0, 0, 100.6, 0, 5, 5], 100, 80)).toEqual({ problem: 'polygon_out_of_bounds' });
  });

  it('checks only the known edges while the image size is unknown', () => {
    expect(fitPolygon([0, 0, 5000, 0, 5, 9000], null, null)).toEqual({ points: [0, 0, 5000, 0, 5, 9000] });
    expect(fitPolygon([-1, 0, 10, 0, 5, 5], null, null)).toEqual({ problem: 'polygon_out_of_bounds' });
  });

  it('needs 3 to POLYGON_VERTICES_MAX finite vertices; a closing vertex repeating the first is dropped', () => {
    expect(fitPolygon([0, 0, 10, 0], 100, 100)).toEqual({ problem: 'polygon_invalid' });
    expect(fitPolygon([0, 0, 10, 0, 5], 100, 100)).toEqual({ problem: 'polygon_invalid' });
    expect(fitPolygon([0, 0, 10, 0, 5, Number.NaN], 100, 100)).toEqual({ problem: 'polygon_invalid' });
    // Closed as some tools write rings: the fourth vertex is the first again.
    expect(fitPolygon([0, 0, 10, 0, 5, 5, 0, 0], 100, 100)).toEqual({ points: [0, 0, 10, 0, 5, 5] });
    expect(fitPolygon([0, 0, 10, 0, 0, 0], 100, 100)).toEqual({ problem: 'polygon_invalid' });
    const ring = (n: number) => Array.from({ length: n * 2 }, (_, i) => (i % 2 === 0 ? i / 2 : (i * 7) % 50));
    expect(fitPolygon(ring(POLYGON_VERTICES_MAX), 10_000, 100)).toHaveProperty('points');
    expect(fitPolygon(ring(POLYGON_VERTICES_MAX + 1), 10_000, 100)).toEqual({ problem: 'polygon_invalid' });
  });
});
