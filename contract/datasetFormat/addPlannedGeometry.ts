/**
 * Adds an annotation file's boxes and polygons to a planned image, leaving out (and listing with
 * the image's entry) what cannot be stored on it: boxes outside the image or under MIN_BOX_SIDE,
 * polygons that fitPolygon refuses, and COCO run-length segmentations, which are not read.
 */
import { MIN_BOX_SIDE } from '../apiAnnotations';
import type { ImportSkipReason } from '../apiImports';
import { fitPolygon } from './polygonGeometry';
import type { ImportPlan, PlannedBox, PlannedImage, PlannedPolygon } from './types';

export interface FileGeometry {
  boxes: readonly PlannedBox[];
  polygons: readonly PlannedPolygon[];
  /** Run-length segmentations the file holds (each one skipped). */
  rle: number;
}

/** A box against the stated image size (null: not known yet): kept, or the reason it is left out. */
export function checkBox(box: PlannedBox, width: number | null, height: number | null): ImportSkipReason | null {
  const outside =
    box.x < 0 ||
    box.y < 0 ||
    (width !== null && box.x + box.width > width) ||
    (height !== null && box.y + box.height > height);
  if (outside) return 'box_out_of_bounds';
  if (box.width < MIN_BOX_SIDE || box.height < MIN_BOX_SIDE) return 'box_too_small';
  return null;
}

/** Adds what fits `image`'s stated size; `keepLabel` hears each label name that is kept. */
export function addPlannedGeometry(
  image: PlannedImage,
  geometry: FileGeometry,
  keepLabel: (name: string) => void,
  skipped: ImportPlan['skipped'],
): void {
  for (const box of geometry.boxes) {
    const problem = checkBox(box, image.width, image.height);
    if (problem) {
      skipped.push({ entry: image.entry, reason: problem });
      continue;
    }
    image.boxes.push(box);
    keepLabel(box.label);
  }
  for (const polygon of geometry.polygons) {
    const fitted = fitPolygon(polygon.points, image.width, image.height);
    if ('problem' in fitted) {
      skipped.push({ entry: image.entry, reason: fitted.problem });
      continue;
    }
    image.polygons.push({ label: polygon.label, points: fitted.points });
    keepLabel(polygon.label);
  }
  for (let i = 0; i < geometry.rle; i += 1) skipped.push({ entry: image.entry, reason: 'segmentation_rle' });
}
