import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cocoEvaluate, cocoStats, perCategoryAp, STAT_NAMES, type CocoDet, type CocoGt } from './cocoEval';

/* The golden cases: COCO ground truth, detections and what pycocotools 2.0.11 computed for them. */
const ROOT = join(import.meta.dirname, 'fixtures', 'coco-eval');
const CASES = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

interface CocoJson {
  images: { id: number }[];
  categories: { id: number }[];
  annotations: {
    image_id: number;
    category_id: number;
    bbox: [number, number, number, number];
    area: number;
    iscrowd?: number;
  }[];
}

function load(name: string) {
  const read = <T>(file: string) => JSON.parse(readFileSync(join(ROOT, name, file), 'utf8')) as T;
  const gt = read<CocoJson>('ground-truth.json');
  const dt =
    read<{ image_id: number; category_id: number; bbox: [number, number, number, number]; score: number }[]>(
      'detections.json',
    );
  const expected = read<{ stats: Record<string, number>; ap50_per_category: Record<string, number> }>('expected.json');
  const gts: CocoGt[] = gt.annotations.map((a) => ({
    imageId: a.image_id,
    categoryId: a.category_id,
    bbox: a.bbox,
    area: a.area,
    iscrowd: a.iscrowd === 1,
  }));
  const dets: CocoDet[] = dt.map((d) => ({
    imageId: d.image_id,
    categoryId: d.category_id,
    bbox: d.bbox,
    score: d.score,
  }));
  return { gt, gts, dets, expected };
}

describe('cocoEvaluate against pycocotools', () => {
  it('has the four golden cases', () => {
    expect(CASES.sort()).toEqual(['near-perfect', 'one-class-many-small', 'poor', 'typical']);
  });

  for (const name of CASES) {
    it(`reproduces every figure of '${name}' to within 1e-4`, () => {
      const { gt, gts, dets, expected } = load(name);
      const result = cocoEvaluate(gts, dets, {
        imageIds: gt.images.map((i) => i.id),
        categoryIds: gt.categories.map((c) => c.id),
      });
      const stats = cocoStats(result);
      for (const stat of STAT_NAMES) expect(stats[stat], stat).toBeCloseTo(expected.stats[stat]!, 4);
      const perCategory = perCategoryAp(result);
      for (const [id, ap50] of Object.entries(expected.ap50_per_category)) {
        const row = perCategory.find((c) => String(c.categoryId) === id)!;
        expect(row.ap50, `category ${id}`).toBeCloseTo(ap50, 4);
      }
    });
  }

  it('gives the same AP50 when asked for IoU 0.5 only and the all-area range', () => {
    const { gt, gts, dets } = load('typical');
    const full = cocoStats(cocoEvaluate(gts, dets, { imageIds: gt.images.map((i) => i.id) }));
    const quick = perCategoryAp(cocoEvaluate(gts, dets, { iouThresholdCount: 1, allAreasOnly: true }));
    const mean =
      quick.filter((c) => c.ap50 > -1).reduce((s, c) => s + c.ap50, 0) / quick.filter((c) => c.ap50 > -1).length;
    expect(mean).toBeCloseTo(full.AP50, 10);
  });
});
