/*
 * Dataset images: the type is decided from the first bytes, never from a name or a header, and
 * must be one of these. The served Content-Type comes from this table only.
 */
export const DATASET_IMAGE_TYPES = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
} as const;

export type DatasetImageFormat = keyof typeof DATASET_IMAGE_TYPES;
export type DatasetImageMime = (typeof DATASET_IMAGE_TYPES)[DatasetImageFormat];

/** Bytes needed by {@link sniffDatasetImage}. */
export const SNIFF_BYTES = 16;

export function sniffDatasetImage(bytes: Uint8Array): DatasetImageFormat | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, SNIFF_BYTES));
  const ascii = (from: number, to: number) => b.toString('latin1', from, to);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'gif';
  if (b.length >= 4 && (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*')) return 'tiff';
  if (b.length >= 2 && ascii(0, 2) === 'BM') return 'bmp';
  return null;
}

export function mimeOfFormat(format: string): DatasetImageMime | null {
  return (DATASET_IMAGE_TYPES as Record<string, DatasetImageMime>)[format] ?? null;
}
