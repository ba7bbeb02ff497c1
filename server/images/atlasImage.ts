import sharp from 'sharp';
import { ATLAS_COLUMNS } from '../../contract/apiAtlas';
import type { BlobStore } from '../blobs/BlobStore';
import type { AtlasCell } from '../projects/atlasPages';

/** Thumbnails are ours (≤ 256 px WebP), but a wrong blob must still not decode into gigabytes. */
const THUMB_PIXEL_LIMIT = 4096 * 4096;
/** Placeholder colours (opaque RGB): still processing, failed, thumbnail missing. */
const PLACEHOLDER = {
  processing: { r: 203, g: 213, b: 225 },
  failed: { r: 254, g: 202, b: 202 },
  missing: { r: 226, g: 232, b: 240 },
} as const;

async function readBlob(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const blob = await blobs.get(key);
  if (!blob) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A flat square inset in the cell, so a placeholder never reads as a real (blank) image. */
function fillPlaceholder(
  canvas: Buffer,
  side: number,
  left: number,
  top: number,
  cellSize: number,
  kind: keyof typeof PLACEHOLDER,
) {
  const inset = Math.max(2, Math.round(cellSize / 16));
  const { r, g, b } = PLACEHOLDER[kind];
  for (let y = top + inset; y < top + cellSize - inset; y++) {
    for (let x = left + inset; x < left + cellSize - inset; x++) {
      const at = (y * side + x) * 4;
      canvas[at] = r;
      canvas[at + 1] = g;
      canvas[at + 2] = b;
      canvas[at + 3] = 255;
    }
  }
}

/** The thumbnail scaled to fit the cell, as raw RGBA rows; null when it cannot be read. */
async function fittedThumbnail(blobs: BlobStore, key: string, cellSize: number) {
  const bytes = await readBlob(blobs, key);
  if (!bytes) return null;
  try {
    return await sharp(bytes, { limitInputPixels: THUMB_PIXEL_LIMIT })
      .resize(cellSize, cellSize, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return null;
  }
}

/** Draws one cell: the thumbnail centred (rows copied into the page), or a placeholder. */
async function drawCell(
  canvas: Buffer,
  side: number,
  blobs: BlobStore,
  cell: AtlasCell,
  index: number,
  cellSize: number,
) {
  const left = (index % ATLAS_COLUMNS) * cellSize;
  const top = Math.floor(index / ATLAS_COLUMNS) * cellSize;
  if (cell === 'processing' || cell === 'failed' || cell === 'missing') {
    fillPlaceholder(canvas, side, left, top, cellSize, cell);
    return;
  }
  const fitted = await fittedThumbnail(blobs, cell, cellSize);
  if (!fitted || fitted.info.channels !== 4) {
    fillPlaceholder(canvas, side, left, top, cellSize, 'missing');
    return;
  }
  const { width, height } = fitted.info;
  const x0 = left + Math.floor((cellSize - width) / 2);
  const y0 = top + Math.floor((cellSize - height) / 2);
  for (let row = 0; row < height; row++) {
    fitted.data.copy(canvas, ((y0 + row) * side + x0) * 4, row * width * 4, (row + 1) * width * 4);
  }
}

/**
 * Composes one atlas page: a transparent (columns × cellSize)² canvas with each cell's
 * thumbnail scaled to fit (aspect ratio kept) and centred, encoded as WebP with alpha.
 */
export async function composeAtlas(blobs: BlobStore, cells: readonly AtlasCell[], cellSize: number): Promise<Buffer> {
  const side = ATLAS_COLUMNS * cellSize;
  // The page is assembled as raw RGBA in memory (4 MiB at 64 px cells, 16 MiB at 128) and encoded
  // once: copying rows is far cheaper than a 256-input libvips composite.
  const canvas = Buffer.alloc(side * side * 4);
  await Promise.all(cells.map((cell, i) => drawCell(canvas, side, blobs, cell, i, cellSize)));
  return sharp(canvas, { raw: { width: side, height: side, channels: 4 } })
    .webp({ quality: 82, alphaQuality: 80, effort: 2 })
    .toBuffer();
}
