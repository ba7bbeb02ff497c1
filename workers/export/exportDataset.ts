/**
 * One dataset export, start to end: pages through the project's images, reads each page's
 * annotations in one batch call, downloads each original, adds it with its boxes and polygons to
 * the streamed archive and hands the zip's bytes to `write` as they come, awaiting it after every
 * image so a slow disk slows the downloads instead of filling memory.
 */
import { annotationBatchSchema, type Annotation } from '../../contract/apiAnnotations';
import { imagePageSchema, labelListSchema, type ImageItem } from '../../contract/apiProjects';
import { DatasetArchive, type InvalidBox } from './datasetArchive';
import type { ExportBox } from './vocXml';

export type SkipReason = 'not_ready' | 'download_failed';

export interface ExportProgress {
  /** Images handled so far (exported or skipped). */
  done: number;
  total: number;
  /** Zip bytes written so far. */
  bytes: number;
}

export interface ExportReport {
  images: number;
  skipped: { fileName: string; reason: SkipReason }[];
  invalidBoxes: InvalidBox[];
  bytes: number;
}

export interface ExportRequest {
  /** Absolute API base URL, without a trailing slash. */
  apiBase: string;
  projectId: string;
  projectTitle: string;
  /** Classification projects export each image's class annotations as VOC classification lists. */
  classification: boolean;
  createdAt: Date;
}

export interface ExportIo {
  /** An authorized GET (the caller adds the token and renews it once on 401). */
  get: (url: string) => Promise<Response>;
  write: (chunk: Uint8Array) => Promise<void>;
  onProgress: (progress: ExportProgress) => void;
}

const PAGE_SIZE = 200;

async function getJson(io: ExportIo, url: string): Promise<unknown> {
  const response = await io.get(url);
  if (!response.ok) throw new Error(`export_list_failed_${response.status}`);
  return response.json();
}

export async function exportDataset(request: ExportRequest, io: ExportIo): Promise<ExportReport> {
  const project = `${request.apiBase}/projects/${encodeURIComponent(request.projectId)}`;
  const labels = labelListSchema.parse(await getJson(io, `${project}/labels`));
  const labelNames = new Map(labels.map((l) => [l.id, l.name]));

  const pending: Uint8Array[] = [];
  const archive = new DatasetArchive(labels, request.createdAt, (chunk) => pending.push(chunk), request.projectTitle);
  const report: ExportReport = { images: 0, skipped: [], invalidBoxes: [], bytes: 0 };
  const flush = async () => {
    while (pending.length > 0) {
      const chunk = pending.shift();
      if (!chunk) break;
      report.bytes += chunk.length;
      await io.write(chunk);
    }
  };

  let cursor: string | null = null;
  let done = 0;
  let total: number;
  do {
    const query = new URLSearchParams({ sort: 'name', limit: String(PAGE_SIZE) });
    if (cursor) query.set('cursor', cursor);
    const page = imagePageSchema.parse(await getJson(io, `${project}/images?${query.toString()}`));
    total = page.total;
    const annotations = await pageAnnotations(page.items);
    for (const image of page.items) {
      await addImage(image, annotations.get(image.id) ?? []);
      done += 1;
      io.onProgress({ done, total: Math.max(total, done), bytes: report.bytes });
    }
    cursor = page.nextCursor;
  } while (cursor);

  archive.finish();
  await flush();
  io.onProgress({ done, total: Math.max(total, done), bytes: report.bytes });
  return report;

  /** One batch read per page (a page is never larger than the batch limit). */
  async function pageAnnotations(images: readonly ImageItem[]): Promise<Map<string, Annotation[]>> {
    const ready = images.filter((image) => image.state === 'ready').map((image) => image.id);
    if (ready.length === 0) return new Map();
    const query = new URLSearchParams({ imageIds: ready.join(',') });
    const batch = annotationBatchSchema.parse(await getJson(io, `${project}/annotations?${query.toString()}`));
    return new Map(batch.items.map((item) => [item.imageId, item.annotations]));
  }

  async function addImage(image: ImageItem, annotations: readonly Annotation[]): Promise<void> {
    if (image.state !== 'ready') {
      report.skipped.push({ fileName: image.fileName, reason: 'not_ready' });
      return;
    }
    const response = await io.get(`${project}/images/${encodeURIComponent(image.id)}/original`).catch(() => null);
    if (!response?.ok) {
      report.skipped.push({ fileName: image.fileName, reason: 'download_failed' });
      return;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const boxes: ExportBox[] = [];
    const classes = new Set<string>();
    for (const annotation of annotations) {
      const label = labelNames.get(annotation.labelId);
      if (label === undefined) continue;
      if (annotation.kind === 'box' || annotation.kind === 'polygon') {
        boxes.push({
          id: annotation.id,
          label,
          x: annotation.x,
          y: annotation.y,
          width: annotation.width,
          height: annotation.height,
          // A polygon without points cannot be drawn: checkExportBox reports it instead of writing a box.
          ...(annotation.kind === 'polygon' ? { points: annotation.points ?? [] } : {}),
        });
      } else if (request.classification) {
        classes.add(label);
      }
    }
    const { invalid } = archive.addImage({
      fileName: image.fileName,
      width: image.width,
      height: image.height,
      split: image.split,
      bytes,
      boxes,
      labels: [...classes],
      tags: image.tags,
    });
    report.invalidBoxes.push(...invalid);
    report.images += 1;
    await flush();
  }
}
