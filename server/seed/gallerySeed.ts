import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { BlobStore } from '../blobs/BlobStore';
import { readyImageRow } from '../db/newRows';
import type { Database } from '../db/schema';

/**
 * Distinct thumbnails made; images use them in turn (a gallery of 10,000 needs no 10,000 encodes).
 * Prime, so that pages of 256 cells differ from each other (identical pages would share one atlas).
 */
const VARIANTS = 47;
const ROWS_PER_INSERT = 200;

/** A thumbnail of a colour of the wheel, some wide, some tall, with a dark band to tell them apart. */
async function variant(i: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const hue = (i * 360) / VARIANTS;
  const [width, height] = i % 3 === 0 ? [256, 160] : i % 3 === 1 ? [192, 256] : [256, 256];
  const c = (n: number) => Math.round(255 * (0.55 + 0.45 * Math.cos(((hue + n) * Math.PI) / 180)));
  const band = Buffer.from(
    `<svg width="${width}" height="${height}"><rect y="${height * 0.4}" width="${width}" height="${height * 0.2}" fill="#222"/></svg>`,
  );
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: c(0), g: c(120), b: c(240) } } })
    .composite([{ input: band }])
    .webp({ quality: 80 })
    .toBuffer();
  return { bytes, width, height };
}

/**
 * Adds `count` ready images with thumbnails to a project straight in the database and blob
 * store: the gallery's e2e test and benchmark need thousands of images in seconds, which the
 * upload path (one request and one processing job each) cannot give. Never used by the app.
 */
export async function seedGalleryImages(
  db: Kysely<Database>,
  blobs: BlobStore,
  projectId: string,
  count: number,
  now = new Date(),
): Promise<string[]> {
  const variants = [];
  for (let i = 0; i < Math.min(VARIANTS, count); i++) {
    const v = await variant(i);
    variants.push({ ...v, key: await blobs.put(v.bytes) });
  }
  const ids: string[] = [];
  for (let start = 0; start < count; start += ROWS_PER_INSERT) {
    const rows = [];
    for (let n = start; n < Math.min(count, start + ROWS_PER_INSERT); n++) {
      const v = variants[n % variants.length];
      if (!v) throw new Error('no thumbnail variant');
      const id = randomUUID();
      ids.push(id);
      // Names sort in seeding order; creation times too (one millisecond apart).
      const at = new Date(now.getTime() + n).toISOString();
      rows.push(
        readyImageRow(at, {
          id,
          project_id: projectId,
          file_name: `gallery-${String(n).padStart(5, '0')}.webp`,
          type: 'image/webp',
          width: v.width,
          height: v.height,
          bytes: v.bytes.length,
          blob_key: v.key,
          thumb_key: v.key,
        }),
      );
    }
    await db.insertInto('images').values(rows).execute();
  }
  return ids;
}
