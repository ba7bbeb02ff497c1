/**
 * The browser's check of a dataset zip before a byte is uploaded: the same reader and planner
 * the server's import job runs (contract/datasetFormat), so a zip the server would refuse is
 * refused here first, with the same code. The server checks again; this only saves the upload.
 */
import type { ImportErrorCode, ImportFormat, ImportSkip } from '../../contract/apiImports';
import { openDatasetZip } from '../../contract/datasetFormat/openDatasetZip';
import { planDatasetImport } from '../../contract/datasetFormat/planDatasetImport';
import { DatasetImportError, type RandomAccessSource } from '../../contract/datasetFormat/types';

export interface ImportPreview {
  format: ImportFormat;
  images: number;
  boxes: number;
  polygons: number;
  /** Images with at least one whole-image (classification) label. */
  classified: number;
  /** Every label name the zip uses, in order of first use (see `splitLabels`). */
  labels: string[];
  /** Colours the zip gives its labels ('#rrggbb'); a label without one gets a palette colour. */
  labelColors: { name: string; color: string }[];
  /** Images by the split the zip gives them; `seeded`: none given, the project's ratios decide. */
  splits: { train: number; validation: number; test: number; seeded: number };
  /** Images with at least one tag, and every tag name in order of first use. */
  tagged: number;
  tags: string[];
  skipped: ImportSkip[];
}

/** A plain value, not a thrown error: comlink's structured clone drops an error's `code`. */
export type ImportPreviewResult =
  { ok: true; preview: ImportPreview } | { ok: false; code: ImportErrorCode; entry: string | null };

export async function previewImport(source: RandomAccessSource): Promise<ImportPreviewResult> {
  try {
    const plan = await planDatasetImport(await openDatasetZip(source));
    return {
      ok: true,
      preview: {
        format: plan.format,
        images: plan.images.length,
        boxes: plan.images.reduce((n, image) => n + image.boxes.length, 0),
        polygons: plan.images.reduce((n, image) => n + image.polygons.length, 0),
        classified: plan.images.filter((image) => image.classes.length > 0).length,
        labels: plan.labels,
        labelColors: plan.labelColors.map(({ name, color }) => ({ name, color })),
        splits: {
          train: plan.images.filter((image) => image.split === 'train').length,
          validation: plan.images.filter((image) => image.split === 'validation').length,
          test: plan.images.filter((image) => image.split === 'test').length,
          seeded: plan.images.filter((image) => image.split === null).length,
        },
        tagged: plan.images.filter((image) => image.tags.length > 0).length,
        tags: [...new Set(plan.images.flatMap((image) => image.tags))],
        skipped: plan.skipped,
      },
    };
  } catch (error) {
    if (error instanceof DatasetImportError) return { ok: false, code: error.code, entry: error.entry };
    return { ok: false, code: 'import_failed', entry: null };
  }
}
