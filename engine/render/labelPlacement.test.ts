import { describe, expect, it } from 'vitest';
import { parseHexColor, placeLabels } from './labelPlacement';

const classes = [{ name: 'car', color: '#1e88e5' }, { name: 'person', color: '#e53935' }];
const view = { centerX: 1000, centerY: 1000, zoom: 0.5 };
const viewport = { width: 800, height: 600 };

describe('placeLabels', () => {
  it('labels boxes wide enough on screen, at their top-left corner in CSS px', () => {
    const items = placeLabels([{ x: 900, y: 950, width: 200, label: 1 }, { x: 0, y: 0, width: 40, label: 0 }], view, viewport, classes);
    expect(items).toEqual([{ text: 'person', color: '#e53935', x: 350, y: 275 }]);
  });

  it('shows nothing when too many boxes are in view', () => {
    const many = Array.from({ length: 201 }, (_, i) => ({ x: i, y: 0, width: 1000, label: 0 }));
    expect(placeLabels(many, view, viewport, classes)).toEqual([]);
    expect(placeLabels(many.slice(0, 200), view, viewport, classes)).toHaveLength(200);
  });

  it('skips unknown label indices', () => {
    expect(placeLabels([{ x: 0, y: 0, width: 1000, label: 7 }], view, viewport, classes)).toEqual([]);
  });
});

describe('parseHexColor', () => {
  it('reads #rrggbb, #rgb and alpha forms', () => {
    expect(parseHexColor('#1e88e5')).toEqual([30, 136, 229, 255]);
    expect(parseHexColor('#f00')).toEqual([255, 0, 0, 255]);
    expect(parseHexColor('#ff000080')).toEqual([255, 0, 0, 128]);
    expect(parseHexColor('red')).toEqual([128, 128, 128, 255]);
  });
});
