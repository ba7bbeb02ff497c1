import { z } from 'zod';
import type { ResourceCheckError } from '../../contract/apiMarket';
import type { BlobStore } from '../blobs/BlobStore';
import type { Db } from '../db/Db';
import { parsePyramidRef } from '../images/imagePyramid';
import { readBlobBytes } from '../training/readTrainingImage';
import { bmpAsPng, decodeImageSize } from './coverImages';
import { samplesOf } from './resourceViews';
import { sniffDatasetImage } from '../images/datasetImageType';

/*
 * The dataset half of `resource.check`: every blob the snapshot names is still stored (asked
 * one by one, never read: a snapshot may hold tens of thousands of images), the recorded counts
 * are the rows' counts, every annotation names one of the snapshot's labels, and the sample
 * images (which the market shows) decode to their last pixel.
 */

/** Rows read per query, and blobs asked about at once. */
const PAGE = 1000;
const PARALLEL = 16;

const annotationsSchema = z.array(z.object({ label: z.number().int() }).passthrough());

async function allStored(blobs: BlobStore, keys: string[]): Promise<boolean> {
  for (let i = 0; i < keys.length; i += PARALLEL) {
    const found = await Promise.all(keys.slice(i, i + PARALLEL).map((k) => blobs.has(k)));
    if (found.includes(false)) return false;
  }
  return true;
}

async function sampleDecodes(blobs: BlobStore, key: string): Promise<boolean> {
  const bytes = await readBlobBytes(blobs, key);
  if (!bytes) return false;
  try {
    await decodeImageSize(sniffDatasetImage(bytes) === 'bmp' ? await bmpAsPng(bytes) : bytes);
    return true;
  } catch {
    return false;
  }
}

export interface SnapshotFacts {
  id: string;
  labels: string;
  samples: string;
  image_count: number;
  annotation_count: number;
}

/** The first fault of a dataset resource's snapshot, or null when it is whole. */
export async function checkSnapshot(db: Db, blobs: BlobStore, row: SnapshotFacts): Promise<ResourceCheckError | null> {
  const labelCount = (JSON.parse(row.labels) as unknown[]).length;
  let images = 0;
  let annotations = 0;
  let after = -1;
  const seen = new Set<string>();
  for (;;) {
    const page = await db
      .selectFrom('resource_images')
      .select(['position', 'blob_key', 'thumb_key', 'pyramid', 'annotations'])
      .where('resource_id', '=', row.id)
      .where('position', '>', after)
      .orderBy('position')
      .limit(PAGE)
      .execute();
    const keys: string[] = [];
    const ask = (key: string | null | undefined) => {
      if (key && !seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    };
    for (const image of page) {
      images += 1;
      const parsed = annotationsSchema.safeParse(JSON.parse(image.annotations));
      if (!parsed.success) return 'snapshot_unreadable';
      if (parsed.data.some((a) => a.label < 0 || a.label >= labelCount)) return 'snapshot_counts';
      annotations += parsed.data.length;
      ask(image.blob_key);
      ask(image.thumb_key);
      ask(parsePyramidRef(image.pyramid)?.manifest);
    }
    if (!(await allStored(blobs, keys))) return 'snapshot_unreadable';
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = Number(last.position);
  }
  if (images === 0 || images !== Number(row.image_count) || annotations !== Number(row.annotation_count))
    return 'snapshot_counts';
  for (const sample of samplesOf(row)) if (!(await sampleDecodes(blobs, sample.blobKey))) return 'snapshot_unreadable';
  return null;
}
