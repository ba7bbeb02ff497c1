/**
 * One dataset export, start to end: pages through the project's images, downloads each original,
 * adds it to the streamed archive and hands the zip's bytes to `write` as they come, awaiting it
 * after every image so a slow disk slows the downloads instead of filling memory.
 */
import { imagePageSchema, labelListSchema, type ImageItem } from '../../contract/apiProjects';
import { DatasetArchive, type InvalidBox } from './datasetArchive';

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
  /** Classification projects export each image's labels as VOC classification lists. */
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
    for (const image of page.items) {
      await addImage(image);
      done += 1;
      io.onProgress({ done, total: Math.max(total, done), bytes: report.bytes });
    }
    cursor = page.nextCursor;
  } while (cursor);

  archive.finish();
  await flush();
  io.onProgress({ done, total: Math.max(total, done), bytes: report.bytes });
  return report;

  async function addImage(image: ImageItem): Promise<void> {
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
    const imageLabels = request.classification
      ? image.labelIds.flatMap((id) => {
          const name = labelNames.get(id);
          return name === undefined ? [] : [name];
        })
      : [];
    // Boxes come with the annotations read route of the labeling studio; until then none exist.
    const { invalid } = archive.addImage({
      fileName: image.fileName,
      width: image.width,
      height: image.height,
      split: image.split,
      bytes,
      boxes: [],
      labels: imageLabels,
    });
    report.invalidBoxes.push(...invalid);
    report.images += 1;
    await flush();
  }
}
