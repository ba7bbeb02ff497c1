/**
 * Polygons in dataset imports: COCO `segmentation` rings, run-length masks, vertices outside the
 * image, and a VOC zip's COCO companion (our exports carry both).
 */
import { describe, expect, it } from 'vitest';
import { openDatasetZip } from './openDatasetZip';
import { planDatasetImport } from './planDatasetImport';
import { JPEG_BYTES, bytesSource, vocXmlText, zipOf, type FixtureVocObject } from './testZips';

const plan = async (bytes: Uint8Array) => planDatasetImport(await openDatasetZip(bytesSource(bytes)));

const categories = [
  { id: 1, name: 'cat' },
  { id: 2, name: 'dog' },
];

/** A COCO zip with a.jpg (100 × 80) and the given annotations on it. */
function cocoZip(annotations: object[], image: object = { id: 1, file_name: 'a.jpg', width: 100, height: 80 }) {
  return zipOf({
    'images/a.jpg': JPEG_BYTES,
    'annotations.json': JSON.stringify({ images: [image], annotations, categories }),
  });
}

describe('COCO polygons', () => {
  it('reads each ring of a polygon segmentation as a polygon of the category; the bbox speaks only without one', async () => {
    const result = await plan(
      cocoZip([
        // Two rings (an occluded cat): two polygons. The bbox covers both and is not used.
        {
          image_id: 1,
          category_id: 1,
          bbox: [10, 10, 60, 50],
          segmentation: [
            [10, 10, 30.25, 10, 20, 40.5],
            [50, 20, 70, 20, 70, 60, 50, 60],
          ],
        },
        // Boxes: an empty segmentation, as our exporter writes boxes, or one empty ring.
        { image_id: 1, category_id: 2, bbox: [0, 0, 40, 30], segmentation: [] },
        { image_id: 1, category_id: 2, bbox: [50, 0, 40, 30], segmentation: [[]] },
        // No bbox is needed for a polygon.
        { image_id: 1, category_id: 2, segmentation: [[0, 50, 30, 50, 30, 79.9]] },
      ]),
    );
    expect(result.format).toBe('coco');
    expect(result.labels).toEqual(['cat', 'dog']);
    expect(result.images).toHaveLength(1);
    expect(result.images[0]?.boxes).toEqual([
      { label: 'dog', x: 0, y: 0, width: 40, height: 30 },
      { label: 'dog', x: 50, y: 0, width: 40, height: 30 },
    ]);
    expect(result.images[0]?.polygons).toEqual([
      { label: 'cat', points: [10, 10, 30.25, 10, 20, 40.5] },
      { label: 'cat', points: [50, 20, 70, 20, 70, 60, 50, 60] },
      { label: 'dog', points: [0, 50, 30, 50, 30, 79.9] },
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('skips a run-length (mask) segmentation with a reported reason, keeping the image and its other annotations', async () => {
    const result = await plan(
      cocoZip([
        {
          image_id: 1,
          category_id: 1,
          bbox: [0, 0, 50, 50],
          iscrowd: 1,
          segmentation: { counts: [0, 10, 70], size: [80, 100] },
        },
        {
          image_id: 1,
          category_id: 1,
          bbox: [0, 0, 50, 50],
          iscrowd: 1,
          segmentation: { counts: 'X1c0', size: [80, 100] },
        },
        { image_id: 1, category_id: 2, bbox: [0, 0, 50, 50] },
      ]),
    );
    expect(result.images[0]?.boxes).toEqual([{ label: 'dog', x: 0, y: 0, width: 50, height: 50 }]);
    expect(result.images[0]?.polygons).toEqual([]);
    expect(result.skipped).toEqual([
      { entry: 'images/a.jpg', reason: 'segmentation_rle' },
      { entry: 'images/a.jpg', reason: 'segmentation_rle' },
    ]);
  });

  it('clamps vertices up to half a pixel outside the image and skips a polygon with one farther out', async () => {
    const result = await plan(
      cocoZip([
        { image_id: 1, category_id: 1, segmentation: [[-0.4, 0, 100.5, 0, 50, 80.3]] },
        { image_id: 1, category_id: 2, segmentation: [[0, 0, 100, 0, 50, 81]] },
        { image_id: 1, category_id: 2, segmentation: [[0, 0, 10, 0]] },
      ]),
    );
    expect(result.images[0]?.polygons).toEqual([{ label: 'cat', points: [0, 0, 100, 0, 50, 80] }]);
    expect(result.skipped).toEqual([
      { entry: 'images/a.jpg', reason: 'polygon_out_of_bounds' },
      { entry: 'images/a.jpg', reason: 'polygon_invalid' },
    ]);
    // 'dog' is declared but no kept annotation uses it: it is still listed (declared first).
    expect(result.labels).toEqual(['cat', 'dog']);
  });

  it('checks only the lower edges while the image has no stated size (the server checks the decoded one)', async () => {
    const result = await plan(
      cocoZip(
        [
          { image_id: 1, category_id: 1, segmentation: [[0, 0, 5000, 0, 5000, 4000]] },
          { image_id: 1, category_id: 1, segmentation: [[-3, 0, 5, 0, 5, 5]] },
        ],
        { id: 1, file_name: 'a.jpg' },
      ),
    );
    expect(result.images[0]?.polygons).toEqual([{ label: 'cat', points: [0, 0, 5000, 0, 5000, 4000] }]);
    expect(result.skipped).toEqual([{ entry: 'images/a.jpg', reason: 'polygon_out_of_bounds' }]);
  });

  it('refuses a polygon segmentation whose ring holds something other than numbers', async () => {
    await expect(
      plan(cocoZip([{ image_id: 1, category_id: 1, segmentation: [[0, 0, '10', 0, 5, 5]] }])),
    ).rejects.toMatchObject({ code: 'annotation_malformed', entry: 'annotations.json' });
  });
});

describe('a VOC zip with a COCO companion', () => {
  const objects: FixtureVocObject[] = [
    { name: 'cat', xmin: 10, ymin: 10, xmax: 40, ymax: 30 },
    // The polygon's bounding box in whole pixels, as our exporter writes it.
    { name: 'dog', xmin: 5, ymin: 20, xmax: 61, ymax: 70 },
  ];
  const coco = JSON.stringify({
    images: [{ id: 1, file_name: 'a.jpg', width: 100, height: 80 }],
    annotations: [
      { image_id: 1, category_id: 1, bbox: [10, 10, 30, 20], segmentation: [] },
      { image_id: 1, category_id: 2, bbox: [5.2, 20, 55.3, 49.6], segmentation: [[5.2, 20, 60.5, 20, 30, 69.6]] },
    ],
    categories,
  });
  const vocZip = (xmlObjects: FixtureVocObject[]) =>
    zipOf({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml': vocXmlText({ filename: 'a.jpg', width: 100, height: 80, objects: xmlObjects }),
      'ImageSets/Main/train.txt': 'a\n',
      'annotations.json': coco,
    });

  it('takes the polygons from the COCO record when it agrees with the XML', async () => {
    const result = await plan(vocZip(objects));
    expect(result.format).toBe('voc');
    expect(result.images[0]).toMatchObject({
      split: 'train',
      boxes: [{ label: 'cat', x: 10, y: 10, width: 30, height: 20 }],
      polygons: [{ label: 'dog', points: [5.2, 20, 60.5, 20, 30, 69.6] }],
    });
  });

  it('keeps the XML when the two disagree (an XML edited in a VOC tool)', async () => {
    const edited = [objects[0], { name: 'dog', xmin: 5, ymin: 20, xmax: 80, ymax: 70 }] as FixtureVocObject[];
    const result = await plan(vocZip(edited));
    expect(result.images[0]).toMatchObject({
      boxes: [
        { label: 'cat', x: 10, y: 10, width: 30, height: 20 },
        { label: 'dog', x: 5, y: 20, width: 75, height: 50 },
      ],
      polygons: [],
    });
  });

  it('ignores a companion JSON that does not parse, as VOC zips always did', async () => {
    const result = await plan(
      zipOf({
        'JPEGImages/a.jpg': JPEG_BYTES,
        'Annotations/a.xml': vocXmlText({ filename: 'a.jpg', width: 100, height: 80, objects }),
        'annotations.json': '{"images": [], "annotations": [{"image_id": 1}]}',
      }),
    );
    expect(result.images[0]?.boxes).toHaveLength(2);
    expect(result.skipped).toEqual([]);
  });
});
