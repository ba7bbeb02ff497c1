/**
 * Pascal VOC annotation XML for one image. Coordinates are whole pixels with the top-left origin
 * and xmax/ymax exclusive (x + width), the convention labelImg and CVAT write and read, so a
 * round trip gives back the same boxes.
 */

/**
 * A box in image pixels (top-left origin), with its label's name resolved. A polygon is a box
 * with `points` (flat [x0, y0, x1, y1, …]); its x/y/width/height are their bounding box, which is
 * what VOC gets (VOC has no polygons).
 */
export interface ExportBox {
  id: string;
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
  points?: readonly number[];
}

export type BoxProblem = 'not_finite' | 'not_positive' | 'outside_image';

/** Why a box is not exported: it is not inside the image or has no area once rounded to pixels. */
export function boxProblem(box: ExportBox, width: number, height: number): BoxProblem | null {
  const values = [box.x, box.y, box.width, box.height];
  if (!values.every(Number.isFinite)) return 'not_finite';
  const { xmin, ymin, xmax, ymax } = pixelCorners(box);
  if (xmax - xmin < 1 || ymax - ymin < 1) return 'not_positive';
  if (xmin < 0 || ymin < 0 || xmax > width || ymax > height) return 'outside_image';
  return null;
}

/** The box as whole-pixel corners (rounded, so exported numbers are integers as VOC tools expect). */
export function pixelCorners(box: ExportBox): { xmin: number; ymin: number; xmax: number; ymax: number } {
  return {
    xmin: Math.round(box.x),
    ymin: Math.round(box.y),
    xmax: Math.round(box.x + box.width),
    ymax: Math.round(box.y + box.height),
  };
}

/** Escapes text for an XML element (file and label names are user input). */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

export interface VocImage {
  /** The image's entry name under JPEGImages/. */
  fileName: string;
  width: number;
  height: number;
  /** Only valid boxes (see `boxProblem`). */
  boxes: readonly ExportBox[];
}

/** The VOC XML document of one image. */
export function vocXml(image: VocImage): string {
  const objects = image.boxes.map((box) => {
    const c = pixelCorners(box);
    return [
      '  <object>',
      `    <name>${escapeXml(box.label)}</name>`,
      '    <pose>Unspecified</pose>',
      '    <truncated>0</truncated>',
      '    <difficult>0</difficult>',
      '    <bndbox>',
      `      <xmin>${c.xmin}</xmin>`,
      `      <ymin>${c.ymin}</ymin>`,
      `      <xmax>${c.xmax}</xmax>`,
      `      <ymax>${c.ymax}</ymax>`,
      '    </bndbox>',
      '  </object>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<annotation>',
    '  <folder>JPEGImages</folder>',
    `  <filename>${escapeXml(image.fileName)}</filename>`,
    '  <size>',
    `    <width>${image.width}</width>`,
    `    <height>${image.height}</height>`,
    '    <depth>3</depth>',
    '  </size>',
    '  <segmented>0</segmented>',
    ...objects,
    '</annotation>',
    '',
  ].join('\n');
}
