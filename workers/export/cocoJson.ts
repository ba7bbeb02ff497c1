/**
 * COCO JSON (the second export format): images, annotations with bbox [x, y, width, height] in
 * pixels, categories. Ids are 1-based as COCO tools expect. A box has whole-pixel corners (as in
 * VOC) and an empty `segmentation`; a polygon is `segmentation: [[x0, y0, x1, y1, …]]` with the
 * bbox of its vertices and its own area (shoelace), as COCO's instance segmentation writes them.
 * Fields COCO lacks are added where COCO tools ignore them: an image's `tags` and `split`
 * ('train' | 'validation' | 'test'), its `original_file_name` when the entry had to be renamed,
 * and a category's `color` ('#rrggbb').
 */
import { polygonArea } from '../../contract/datasetFormat/polygonGeometry';
import { roundCentipixel } from './checkExportBox';
import type { ArchiveLabel, ExportSplit } from './datasetArchive';
import { pixelCorners, type ExportBox } from './vocXml';

export interface CocoImage {
  id: number;
  file_name: string;
  width: number;
  height: number;
  split: ExportSplit;
  tags: string[];
  /** The image's name when the entry had to be renamed (base names are unique in a zip). */
  original_file_name?: string;
}
export interface CocoAnnotation {
  id: number;
  image_id: number;
  category_id: number;
  bbox: [number, number, number, number];
  area: number;
  iscrowd: 0;
  /** Empty for a box; one ring for a polygon. */
  segmentation: number[][];
}
export interface CocoCategory {
  id: number;
  name: string;
  supercategory: string;
  color: string;
}

/** The image fields the COCO document keeps. */
export interface CocoImageInput {
  /** The image's JPEGImages/ entry name. */
  fileName: string;
  /** Its name in the project when that differs from the entry's (two names with one base name). */
  originalFileName: string | null;
  width: number;
  height: number;
  split: ExportSplit;
  tags: readonly string[];
}
export interface CocoDataset {
  info: { description: string; date_created: string };
  images: CocoImage[];
  annotations: CocoAnnotation[];
  categories: CocoCategory[];
}

/** Collects images and boxes as they are exported, then answers the document. */
export class CocoBuilder {
  private readonly images: CocoImage[] = [];
  private readonly annotations: CocoAnnotation[] = [];
  private readonly categoryIds = new Map<string, number>();

  /** `labels` in the project's order; their positions give the category ids. */
  constructor(
    private readonly labels: readonly ArchiveLabel[],
    private readonly description: string,
  ) {
    labels.forEach((label, index) => this.categoryIds.set(label.name, index + 1));
  }

  /** Adds an image with its valid boxes and polygons (checkExportBox.ts). */
  addImage(image: CocoImageInput, boxes: readonly ExportBox[]): void {
    const imageId = this.images.length + 1;
    const { fileName, originalFileName, width, height, split, tags } = image;
    this.images.push({
      id: imageId,
      file_name: fileName,
      width,
      height,
      split,
      tags: [...tags],
      ...(originalFileName === null ? {} : { original_file_name: originalFileName }),
    });
    for (const box of boxes) {
      const categoryId = this.categoryIds.get(box.label);
      if (categoryId === undefined) continue;
      if (box.points) {
        this.annotations.push({
          id: this.annotations.length + 1,
          image_id: imageId,
          category_id: categoryId,
          bbox: [box.x, box.y, roundCentipixel(box.width), roundCentipixel(box.height)],
          area: roundCentipixel(polygonArea(box.points)),
          iscrowd: 0,
          segmentation: [[...box.points]],
        });
        continue;
      }
      const c = pixelCorners(box);
      const w = c.xmax - c.xmin;
      const h = c.ymax - c.ymin;
      this.annotations.push({
        id: this.annotations.length + 1,
        image_id: imageId,
        category_id: categoryId,
        bbox: [c.xmin, c.ymin, w, h],
        area: w * h,
        iscrowd: 0,
        segmentation: [],
      });
    }
  }

  build(createdAt: Date): CocoDataset {
    return {
      info: { description: this.description, date_created: createdAt.toISOString() },
      images: this.images,
      annotations: this.annotations,
      categories: this.labels.map((label, index) => ({
        id: index + 1,
        name: label.name,
        supercategory: 'none',
        color: label.color.toLowerCase(),
      })),
    };
  }
}
