import sharp, { type OverlayOptions } from 'sharp';
import { ATLAS_COLUMNS } from '../../contract/apiAtlas';
import type { BlobStore } from '../blobs/BlobStore';
import type { AtlasCell } from '../projects/atlasPages';

/** Thumbnails are ours (≤ 256 px WebP), but a wrong blob must still not decode into gigabytes. */
const THUMB_PIXEL_LIMIT = 4096 * 4096;
/** Placeholder colours (RGBA): still processing, failed, thumbnail missing. */
const PLACEHOLDER = {
  processing: { r: 203, g: 213, b: 225, alpha: 1 },
  failed: { r: 254, g: 202, b: 202, alpha: 1 },
  missing: { r: 226, g: 232, b: 240, alpha: 1 },
} as const;

async function readBlob(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const placeholders = new Map<string, Promise<Buffer>>();

/** A flat square inset in the cell, so a placeholder never reads as a real (blank) image. */
function placeholder(kind: keyof typeof PLACEHOLDER, size: number): Promise<Buffer> {
  const id = `${kind}/${size}`;
  let made = placeholders.get(id);
  if (!made) {
    made = sharp({ create: { width: size, height: size, channels: 4, background: PLACEHOLDER[kind] } }).png().toBuffer();
    placeholders.set(id, made);
  }
  return made;
}

/** One cell's overlay: the thumbnail fitted and centred, or a placeholder. */
async function cellOverlay(blobs: BlobStore, cell: AtlasCell, index: number, cellSize: number): Promise<OverlayOptions> {
  const left = (index % ATLAS_COLUMNS) * cellSize;
  const top = Math.floor(index / ATLAS_COLUMNS) * cellSize;
  const inset = Math.max(2, Math.round(cellSize / 16));
  const fallback = async (kind: keyof typeof PLACEHOLDER): Promise<OverlayOptions> => ({
    input: await placeholder(kind, cellSize - 2 * inset), left: left + inset, top: top + inset,
  });
  if (cell === 'processing' || cell === 'failed' || cell === 'missing') return fallback(cell);
  const bytes = await readBlob(blobs, cell);
  if (!bytes) return fallback('missing');
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: THUMB_PIXEL_LIMIT })
      .resize(cellSize, cellSize, { fit: 'inside' })
      .png({ compressionLevel: 0 })
      .toBuffer({ resolveWithObject: true });
    return { input: data, left: left + Math.floor((cellSize - info.width) / 2), top: top + Math.floor((cellSize - info.height) / 2) };
  } catch {
    return fallback('missing');
  }
}

/**
 * Composes one atlas page: a transparent (columns × cellSize)² canvas with each cell's
 * thumbnail scaled to fit (aspect ratio kept) and centred, encoded as WebP with alpha.
 */
export async function composeAtlas(blobs: BlobStore, cells: readonly AtlasCell[], cellSize: number): Promise<Buffer> {
  const side = ATLAS_COLUMNS * cellSize;
  const overlays = await Promise.all(cells.map((cell, i) => cellOverlay(blobs, cell, i, cellSize)));
  return sharp({ create: { width: side, height: side, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(overlays)
    .webp({ quality: 82, alphaQuality: 80, effort: 2 })
    .toBuffer();
}
