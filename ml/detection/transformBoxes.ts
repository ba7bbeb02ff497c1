import type { AugmentTransform, NormBox } from '../types';

/*
 * Boxes through an augmentation's geometry: the mirror (flipX) first, then the shift (content moves
 * right/down by dx, dy of the side; what leaves the image is cut off). A box left with less than
 * MIN_VISIBLE of its area inside the image is dropped: the image no longer shows enough of it to
 * teach the detector anything but to guess.
 */

const MIN_VISIBLE = 0.4;

export function transformBoxes(boxes: readonly NormBox[], transform: AugmentTransform): NormBox[] {
  const out: NormBox[] = [];
  for (const box of boxes) {
    const x = (transform.flipX ? 1 - box.x - box.w : box.x) + transform.dx;
    const y = box.y + transform.dy;
    const x0 = Math.max(0, x);
    const y0 = Math.max(0, y);
    const x1 = Math.min(1, x + box.w);
    const y1 = Math.min(1, y + box.h);
    if (x1 <= x0 || y1 <= y0) continue;
    if ((x1 - x0) * (y1 - y0) < MIN_VISIBLE * box.w * box.h) continue;
    out.push({ classIndex: box.classIndex, x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }
  return out;
}
