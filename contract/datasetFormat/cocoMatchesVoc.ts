/**
 * Whether a COCO record describes the same objects as an image's VOC XML: the same labels with
 * the same whole-pixel boxes, a polygon counting as its bounding box rounded as our exporter
 * writes it (workers/export/vocXml.ts). Our exports carry both files, and VOC has no polygons, so
 * when the two agree the COCO record is the richer copy of the same annotations; when they do not
 * (an XML edited in a VOC tool, a third party's zip), the XML is what the VOC layout means.
 */
import type { CocoImageRecord } from './parseCocoDataset';
import type { VocObject } from './parseVocAnnotation';
import { polygonBounds } from './polygonGeometry';

function key(label: string, xmin: number, ymin: number, xmax: number, ymax: number): string {
  return `${label}\u0000${xmin},${ymin},${xmax},${ymax}`;
}

function cornerKey(label: string, x: number, y: number, width: number, height: number): string {
  return key(label, Math.round(x), Math.round(y), Math.round(x + width), Math.round(y + height));
}

export function cocoMatchesVoc(objects: readonly VocObject[], record: CocoImageRecord): boolean {
  if (record.rle > 0) return false;
  if (objects.length !== record.boxes.length + record.polygons.length) return false;
  const voc = objects.map((o) => key(o.name, o.xmin, o.ymin, o.xmax, o.ymax)).sort();
  const coco = [
    ...record.boxes.map((b) => cornerKey(b.label, b.x, b.y, b.width, b.height)),
    ...record.polygons.map((p) => {
      if (p.points.length < 2) return '';
      const b = polygonBounds(p.points);
      return cornerKey(p.label, b.x, b.y, b.width, b.height);
    }),
  ].sort();
  return voc.every((k, i) => k === coco[i]);
}
