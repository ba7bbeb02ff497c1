import type { Split } from '../../contract/apiProjects';
import type { BlobStore } from '../blobs/BlobStore';
import { parsePyramidRef } from '../images/imagePyramid';
import type { TrainingImage } from './trainingData';

/** Stores asked at the same time (an S3 store answers each over the network). */
const CONCURRENCY = 8;

/**
 * The images whose stored file (or pyramid manifest) is there: a file lost from the store leaves
 * its image out instead of failing the training an hour later. Decoding waits for the learning
 * step, where a cached image is never decoded at all.
 */
export async function keepReadableImages(
  blobs: BlobStore,
  splits: Record<Split, TrainingImage[]>,
  signal?: AbortSignal,
): Promise<{ kept: Record<Split, TrainingImage[]>; missing: number }> {
  const kept: Record<Split, TrainingImage[]> = { train: [], validation: [], test: [] };
  let missing = 0;
  for (const split of Object.keys(kept) as Split[]) {
    const images = splits[split];
    const present = new Array<boolean>(images.length).fill(false);
    let next = 0;
    const worker = async () => {
      while (next < images.length) {
        signal?.throwIfAborted();
        const i = next++;
        const image = images[i]!;
        const ref = parsePyramidRef(image.pyramid);
        present[i] = (ref && (await blobs.has(ref.manifest))) || (await blobs.has(image.blobKey));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    images.forEach((image, i) => {
      if (present[i]) kept[split].push(image);
      else missing++;
    });
  }
  return { kept, missing };
}
