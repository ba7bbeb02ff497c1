import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSkipReason } from '../../contract/apiImports';
import { MAX_UPLOAD_BYTES } from '../../contract/apiProjects';
import { fitPolygon } from '../../contract/datasetFormat/polygonGeometry';
import type {
  DatasetZip,
  ImportPlan,
  PlannedBox,
  PlannedImage,
  PlannedPolygon,
  ZipEntryInfo,
} from '../../contract/datasetFormat/types';
import type { StoredImportImage } from './applyImport';
import type { BlobStore } from '../blobs/BlobStore';
import { ApiError } from '../http/ApiError';
import { makeThumbnail, probeDatasetImage, type ProbedImage } from '../images/datasetImageProbe';
import { boxProblem } from '../projects/boxCheck';

export interface StoreImagesResult {
  images: StoredImportImage[];
  skipped: { entry: string; reason: ImportSkipReason }[];
}

export interface StoreImagesOptions {
  zip: DatasetZip;
  plan: ImportPlan;
  blobs: BlobStore;
  /** A folder of the job's own, for one image at a time. */
  workDir: string;
  /** File names the project already has (a second image of the same name is skipped). */
  existingNames: ReadonlySet<string>;
  /** Called with each blob as soon as it is stored, so a failure later can release it. */
  onBlob: (image: { blob_key: string; thumb_key: string | null; pyramid: null }) => void;
  onProgress: (done: number, total: number) => Promise<void>;
  signal: AbortSignal;
}

/**
 * Reads every planned image out of the zip (streamed to a temporary file, never whole in memory),
 * checks it by decoded content exactly as an upload is checked (type from the bytes, the pixel
 * cap, a full decode for the thumbnail), checks its boxes and polygons against the decoded size
 * (a polygon is fitted as the plan fitted it to the stated size) and stores the original and the
 * thumbnail. A bad image, box or polygon is skipped and reported; a zip that turns out to be
 * broken (CRC, bomb) throws its DatasetImportError and the whole import stops.
 */
export async function storeImportImages(o: StoreImagesOptions): Promise<StoreImagesResult> {
  const entries = new Map<string, ZipEntryInfo>(o.zip.entries.map((e) => [e.name, e]));
  const seen = new Set(o.existingNames);
  const images: StoredImportImage[] = [];
  const skipped: StoreImagesResult['skipped'] = [];
  const total = o.plan.images.length;
  for (const [index, planned] of o.plan.images.entries()) {
    o.signal.throwIfAborted();
    const entry = entries.get(planned.entry);
    if (!entry) {
      skipped.push({ entry: planned.entry, reason: 'image_missing' });
    } else if (seen.has(planned.fileName)) {
      skipped.push({ entry: planned.entry, reason: 'duplicate_name' });
    } else if (entry.uncompressedSize > MAX_UPLOAD_BYTES) {
      skipped.push({ entry: planned.entry, reason: 'image_invalid' });
    } else {
      const stored = await storeOne(o, entry, planned, skipped);
      if (stored) {
        seen.add(planned.fileName);
        images.push(stored);
      }
    }
    await o.onProgress(index + 1, total);
  }
  return { images, skipped };
}

async function storeOne(
  o: StoreImagesOptions,
  entry: ZipEntryInfo,
  planned: PlannedImage,
  skipped: StoreImagesResult['skipped'],
): Promise<StoredImportImage | null> {
  const dir = await mkdtemp(path.join(o.workDir, 'image-'));
  try {
    const file = path.join(dir, 'original');
    const handle = await open(file, 'wx');
    try {
      await o.zip.stream(entry, async (chunk) => {
        await handle.write(chunk);
      });
    } finally {
      await handle.close();
    }
    let probed: ProbedImage;
    let thumbnail: Buffer;
    try {
      probed = await probeDatasetImage(file);
      thumbnail = await makeThumbnail(probed.decodable);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'image_invalid') {
        skipped.push({ entry: planned.entry, reason: 'image_invalid' });
        return null;
      }
      throw error;
    }
    const boxes: PlannedBox[] = [];
    for (const box of planned.boxes) {
      const problem = boxProblem(box, probed.width, probed.height);
      if (problem) skipped.push({ entry: planned.entry, reason: problem });
      else boxes.push(box);
    }
    const polygons: PlannedPolygon[] = [];
    for (const polygon of planned.polygons) {
      const fitted = fitPolygon(polygon.points, probed.width, probed.height);
      if ('problem' in fitted) skipped.push({ entry: planned.entry, reason: fitted.problem });
      else polygons.push({ label: polygon.label, points: fitted.points });
    }
    const blobKey = await o.blobs.put(createReadStream(file));
    o.onBlob({ blob_key: blobKey, thumb_key: null, pyramid: null });
    const thumbKey = await o.blobs.put(thumbnail);
    o.onBlob({ blob_key: blobKey, thumb_key: thumbKey, pyramid: null });
    return {
      id: randomUUID(),
      planned,
      probed: { type: probed.type, width: probed.width, height: probed.height },
      bytes: entry.uncompressedSize,
      blobKey,
      thumbKey,
      boxes,
      polygons,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
