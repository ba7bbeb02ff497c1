/** The per-image annotation limit in imports: what is over ANNOTATIONS_PER_IMAGE_MAX is left out and reported once. */
import { describe, expect, it } from 'vitest';
import { ANNOTATIONS_PER_IMAGE_MAX } from '../apiAnnotations';
import { openDatasetZip } from './openDatasetZip';
import { planDatasetImport } from './planDatasetImport';
import { JPEG_BYTES, bytesSource, zipOf } from './testZips';

// Thousands of alike annotations compress far beyond the bomb ratio; the cap is what is tested here.
const plan = async (bytes: Uint8Array) =>
  planDatasetImport(await openDatasetZip(bytesSource(bytes), { maxRatio: 100_000 }));

function cocoZip(boxes: number, polygons: number) {
  const annotations: object[] = [];
  for (let i = 0; i < boxes; i += 1) annotations.push({ image_id: 1, category_id: 1, bbox: [0, 0, 40, 30] });
  for (let i = 0; i < polygons; i += 1) {
    annotations.push({ image_id: 1, category_id: 1, segmentation: [[0, 0, 30, 0, 30, 30]] });
  }
  return zipOf({
    'images/a.jpg': JPEG_BYTES,
    'annotations.json': JSON.stringify({
      images: [{ id: 1, file_name: 'a.jpg', width: 100, height: 80 }],
      annotations,
      categories: [{ id: 1, name: 'cat' }],
    }),
  });
}

describe('annotations per image in an import', () => {
  it('keeps an image at the limit whole', async () => {
    const result = await plan(cocoZip(ANNOTATIONS_PER_IMAGE_MAX - 10, 10));
    expect(result.images[0]?.boxes).toHaveLength(ANNOTATIONS_PER_IMAGE_MAX - 10);
    expect(result.images[0]?.polygons).toHaveLength(10);
    expect(result.skipped).toEqual([]);
  });

  it('leaves out what is over the limit, boxes before polygons, and says so once', async () => {
    const result = await plan(cocoZip(ANNOTATIONS_PER_IMAGE_MAX - 5, 20));
    expect(result.images[0]?.boxes).toHaveLength(ANNOTATIONS_PER_IMAGE_MAX - 5);
    expect(result.images[0]?.polygons).toHaveLength(5);
    expect(result.skipped).toEqual([{ entry: 'images/a.jpg', reason: 'too_many_annotations' }]);
  });
});
