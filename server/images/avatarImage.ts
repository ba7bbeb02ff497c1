import sharp from 'sharp';
import { ApiError } from '../http/ApiError';

/*
 * Avatar uploads: the type comes from the first bytes (never from a name or a header) and
 * must be PNG, JPEG, WebP or GIF — SVG and anything else are refused. The image is then
 * decoded with a pixel cap (a tiny file can declare 14000² pixels), cut to at most 256×256 and
 * re-encoded as WebP, which drops EXIF and any other metadata or trailing bytes.
 */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

export const AVATAR_SIZE = 256;
/** Decoded pixels allowed in an uploaded avatar (an 8-megapixel photo passes). */
export const AVATAR_MAX_INPUT_PIXELS = 4096 * 4096;

export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a'))
    return 'gif';
  return null;
}

const invalid = (status: 400 | 415) =>
  new ApiError('image_invalid', 'There seems to be an error in the image file.', {}, status);

/** The WebP bytes to store for an uploaded avatar, or an `image_invalid` ApiError. */
export async function processAvatar(bytes: Buffer): Promise<Buffer> {
  const type = sniffImageType(bytes);
  if (!type) throw invalid(415);
  try {
    const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await image.metadata();
    if (meta.format !== (type === 'jpeg' ? 'jpeg' : type)) throw new Error('format mismatch');
    return await image
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw invalid(400);
  }
}
