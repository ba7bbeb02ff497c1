import { MIN_BOX_SIDE } from '../../contract/apiAnnotations';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Why a box cannot be stored on an image of `width` × `height` px, or null when it can: it must
 * lie inside the image and be at least MIN_BOX_SIDE px a side (spec section 9). The same rule
 * serves the annotation PUT (refused) and imports (the box is left out and reported).
 */
export function boxProblem(box: Box, width: number, height: number): 'box_out_of_bounds' | 'box_too_small' | null {
  const { x, y, width: w, height: h } = box;
  if (![x, y, w, h].every(Number.isFinite)) return 'box_out_of_bounds';
  if (w < MIN_BOX_SIDE || h < MIN_BOX_SIDE) return 'box_too_small';
  if (x < 0 || y < 0 || x + w > width || y + h > height) return 'box_out_of_bounds';
  return null;
}
