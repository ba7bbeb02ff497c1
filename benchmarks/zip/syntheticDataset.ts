/**
 * The zip benchmark's seeded synthetic dataset: JPEG-like images (a JFIF header, random bytes,
 * an end marker — incompressible like real JPEG data, so storing them is right) with a few
 * boxes each. Image `i` is the same whatever the count, so a smaller case is a prefix of a
 * larger one and one generated set serves both sizes. Runs in Node and in the browser page.
 */
import type { ArchiveImage, ArchiveLabel, ExportSplit } from '../../workers/export/datasetArchive';

export interface SyntheticDataset {
  labels: ArchiveLabel[];
  images: ArchiveImage[];
  createdAt: Date;
}

/** Mean image size ≈ 525 KB, so 2,000 images ≈ 1.05 GB. */
const MIN_BYTES = 200_000;
const SPREAD_BYTES = 650_000;
const RESOLUTIONS = [
  [1920, 1080],
  [1280, 720],
  [4032, 3024],
  [640, 480],
  [2048, 1536],
] as const;
const LABELS: ArchiveLabel[] = [
  { name: 'car', color: '#e6194b' },
  { name: 'person', color: '#3cb44b' },
  { name: 'bicycle', color: '#4363d8' },
  { name: 'dog', color: '#f58231' },
  { name: 'sign', color: '#911eb4' },
];
// A baseline JFIF APP0 segment: what an image tool sees first in a real JPEG.
const JFIF_HEADER = [
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00,
];

/** mulberry32: small, fast and seedable, enough for test data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function imageBytes(size: number, seed: number): Uint8Array {
  const words = new Uint32Array(Math.ceil(size / 4));
  // xorshift32 per word: ~1 GB/s, so a 1 GB set costs about a second to make.
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x;
  }
  const bytes = new Uint8Array(words.buffer, 0, size);
  bytes.set(JFIF_HEADER);
  bytes[size - 2] = 0xff;
  bytes[size - 1] = 0xd9;
  return bytes;
}

function syntheticImage(index: number, seed: number): ArchiveImage {
  const rand = random(seed * 1_000_003 + index);
  const [width, height] = RESOLUTIONS[Math.floor(rand() * RESOLUTIONS.length)]!;
  const size = MIN_BYTES + Math.floor(rand() * SPREAD_BYTES);
  const r = rand();
  const split: ExportSplit = r < 0.8 ? 'train' : r < 0.9 ? 'validation' : 'test';
  const boxes = Array.from({ length: 1 + Math.floor(rand() * 4) }, (_, b) => {
    const w = 10 + Math.floor(rand() * (width / 3));
    const h = 10 + Math.floor(rand() * (height / 3));
    return {
      id: `${index}-${b}`,
      label: LABELS[Math.floor(rand() * LABELS.length)]!.name,
      x: Math.floor(rand() * (width - w)),
      y: Math.floor(rand() * (height - h)),
      width: w,
      height: h,
    };
  });
  const fileName = `img_${String(index + 1).padStart(6, '0')}.jpg`;
  return { fileName, width, height, split, bytes: imageBytes(size, seed * 1_000_003 + index), boxes, labels: [] };
}

/** `count` images made from `seed`; the same seed always gives the same bytes. */
export function syntheticDataset(count: number, seed = 1): SyntheticDataset {
  return {
    labels: LABELS,
    images: Array.from({ length: count }, (_, i) => syntheticImage(i, seed)),
    createdAt: new Date(Date.UTC(2026, 10, 26, 12, 0, 0)),
  };
}

/** The first `count` images of `dataset` (a smaller case of the same data). */
export function datasetPrefix(dataset: SyntheticDataset, count: number): SyntheticDataset {
  return { ...dataset, images: dataset.images.slice(0, count) };
}

/** Image bytes in the set. */
export function imageBytesTotal(dataset: SyntheticDataset): number {
  return dataset.images.reduce((sum, image) => sum + image.bytes.length, 0);
}
