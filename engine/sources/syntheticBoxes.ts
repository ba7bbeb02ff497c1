import { mulberry32, randomInt } from '../random';
import { MIN_BOX_SIZE, type Box, type LabelClass } from '../types';

/** Eight label classes with distinct colours, for the lab page, e2e tests and benchmarks. */
export const SYNTHETIC_LABELS: readonly LabelClass[] = [
  { name: 'car', color: '#1e88e5' },
  { name: 'person', color: '#e53935' },
  { name: 'bicycle', color: '#43a047' },
  { name: 'truck', color: '#fb8c00' },
  { name: 'bus', color: '#8e24aa' },
  { name: 'sign', color: '#fdd835' },
  { name: 'tree', color: '#00897b' },
  { name: 'building', color: '#6d4c41' },
];

/**
 * `count` boxes scattered uniformly over a `width` × `height` image (seeded, so every run and
 * every subject of a benchmark sees the same set). Sides are 20–400 px, inside the image.
 */
export function syntheticBoxes(
  count: number,
  width: number,
  height: number,
  seed = 1,
  labels = SYNTHETIC_LABELS.length,
): Box[] {
  const random = mulberry32(seed);
  const boxes: Box[] = new Array<Box>(count);
  const maxSide = Math.max(MIN_BOX_SIZE, Math.min(400, width, height));
  for (let i = 0; i < count; i++) {
    const w = randomInt(random, MIN_BOX_SIZE, maxSide);
    const h = randomInt(random, MIN_BOX_SIZE, maxSide);
    boxes[i] = {
      id: `b${i}`,
      x: randomInt(random, 0, Math.max(0, width - w)),
      y: randomInt(random, 0, Math.max(0, height - h)),
      width: w,
      height: h,
      label: randomInt(random, 0, labels - 1),
    };
  }
  return boxes;
}
