import { describe, expect, it } from 'vitest';
import { anchorOffset, meetsRect, viewRect, type LabelAnchor } from './labelAnchor';

const viewport = { width: 800, height: 600 };
const anchor: LabelAnchor = { centerX: 1000, centerY: 1000, zoom: 2, width: 800, height: 600, region: { x: 700, y: 750, width: 600, height: 500 } };

describe('anchorOffset', () => {
  it('is zero at the anchor view and follows a pan in CSS px', () => {
    expect(anchorOffset(anchor, { centerX: 1000, centerY: 1000, zoom: 2 }, viewport)).toEqual({ x: 0, y: 0 });
    // The image moved 10 px left and 5 px up under the view: labels move 20 and 10 CSS px.
    expect(anchorOffset(anchor, { centerX: 1010, centerY: 1005, zoom: 2 }, viewport)).toEqual({ x: -20, y: -10 });
  });

  it('asks for a new placement on zoom, resize, or leaving the placed region', () => {
    expect(anchorOffset(anchor, { centerX: 1000, centerY: 1000, zoom: 2.5 }, viewport)).toBeNull();
    expect(anchorOffset(anchor, { centerX: 1000, centerY: 1000, zoom: 2 }, { width: 801, height: 600 })).toBeNull();
    // The view is 400 × 300 image px: centre 1101 puts its right edge at 1301 > 1300.
    expect(anchorOffset(anchor, { centerX: 1101, centerY: 1000, zoom: 2 }, viewport)).toBeNull();
    expect(anchorOffset(anchor, { centerX: 1100, centerY: 1000, zoom: 2 }, viewport)).not.toBeNull();
  });
});

describe('viewRect / meetsRect', () => {
  it('gives the image rectangle in view and tests overlap with open edges', () => {
    expect(viewRect({ centerX: 1000, centerY: 1000, zoom: 2 }, viewport)).toEqual({ x: 800, y: 850, width: 400, height: 300 });
    const r = { x: 0, y: 0, width: 10, height: 10 };
    expect(meetsRect(r, 5, 5, 10, 10)).toBe(true);
    expect(meetsRect(r, 10, 0, 5, 5)).toBe(false);
  });
});
