import { describe, expect, it } from 'vitest';
import { checkExportBox } from './checkExportBox';
import { CocoBuilder } from './cocoJson';
import { vocXml } from './vocXml';

const polygon = (points: number[]) => ({ id: 'p', label: 'cat', x: 0, y: 0, width: 0, height: 0, points });

describe('checkExportBox', () => {
  it('keeps a box as it is, and reports one outside the image as before', () => {
    const box = { id: 'b', label: 'cat', x: 1, y: 2, width: 30, height: 40 };
    expect(checkExportBox(box, 100, 100)).toEqual({ box });
    expect(checkExportBox({ ...box, x: 80 }, 100, 100)).toEqual({ problem: 'outside_image' });
  });

  it('fits a polygon to the image, rounds it to 1/100 px and gives it the bounding box of what is written', () => {
    expect(checkExportBox(polygon([-0.3, 10.004, 50.126, 10, 100.2, 80.5]), 100, 80)).toEqual({
      box: { id: 'p', label: 'cat', x: 0, y: 10, width: 100, height: 70, points: [0, 10, 50.13, 10, 100, 80] },
    });
  });

  it('reports polygons that cannot be written', () => {
    expect(checkExportBox(polygon([0, 0, 10, 0, 5, Number.NaN]), 100, 80)).toEqual({ problem: 'not_finite' });
    expect(checkExportBox(polygon([0, 0, 10, 0]), 100, 80)).toEqual({ problem: 'not_positive' });
    expect(checkExportBox(polygon([0, 0, 10, 0, 5, 0.2]), 100, 80)).toEqual({ problem: 'not_positive' });
    expect(checkExportBox(polygon([0, 0, 10, 0, 5, 81]), 100, 80)).toEqual({ problem: 'outside_image' });
  });
});

describe('polygons in COCO and VOC', () => {
  const checked = checkExportBox(polygon([10, 10, 30.5, 10, 30.5, 40.25, 10, 40.25]), 100, 80);
  if (!('box' in checked)) throw new Error('expected a valid polygon');
  const box = { id: 'b', label: 'cat', x: 1, y: 2, width: 30, height: 40 };

  it('writes a polygon as one segmentation ring with its bbox and area, a box as before', () => {
    const coco = new CocoBuilder([{ name: 'cat', color: '#FF0000' }], 'd');
    coco.addImage({ fileName: 'a.jpg', originalFileName: null, width: 100, height: 80, split: 'train', tags: [] }, [
      box,
      checked.box,
    ]);
    expect(coco.build(new Date(0)).annotations).toEqual([
      { id: 1, image_id: 1, category_id: 1, bbox: [1, 2, 30, 40], area: 1200, iscrowd: 0, segmentation: [] },
      {
        id: 2,
        image_id: 1,
        category_id: 1,
        bbox: [10, 10, 20.5, 30.25],
        area: 620.13,
        iscrowd: 0,
        segmentation: [[10, 10, 30.5, 10, 30.5, 40.25, 10, 40.25]],
      },
    ]);
  });

  it('writes a polygon in VOC as its bounding box in whole pixels', () => {
    const xml = vocXml({ fileName: 'a.jpg', width: 100, height: 80, boxes: [checked.box] });
    expect(xml).toContain('<xmin>10</xmin>\n      <ymin>10</ymin>\n      <xmax>31</xmax>\n      <ymax>40</ymax>');
    expect(xml).not.toContain('polygon');
  });
});
